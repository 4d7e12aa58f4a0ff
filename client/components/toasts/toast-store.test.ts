import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_OFFSET_PX } from '#shared/constants.ts'
import { TOAST_FADE_MS, ToastStore, toastDuration, type ToastTheme } from './toast-store.ts'

let store: ToastStore

beforeEach(() => {
  vi.useFakeTimers()
  store = new ToastStore()
})

afterEach(() => {
  store.destroy()
  vi.useRealTimers()
})

const ids = () => store.getSnapshot().map((t) => t.id)
const phases = () => store.getSnapshot().map((t) => t.phase)

describe('toastDuration', () => {
  it.each<[ToastTheme, boolean, number | undefined]>([
    ['success', false, 5000],
    ['error', false, 5000],
    ['warning', false, 5000],
    ['question', false, 5000],
    ['bright', false, 5000],
    ['info', false, 3000],
    ['info', true, undefined],
    ['error', true, undefined],
  ])('a %s toast (persistent: %s) stays %s ms', (theme, persistent, expected) => {
    expect(toastDuration({ theme, persistent })).toBe(expected)
  })

  it('keeps the screen offset of spec section 9', () => {
    expect(TOAST_OFFSET_PX).toBe(20)
  })
})

describe('ToastStore', () => {
  it('fills the defaults: info theme at the bottom, no gap, not persistent', () => {
    store.show({ title: 'Готово' })
    expect(store.getSnapshot()[0]).toMatchObject({
      theme: 'info',
      position: 'bottom',
      gap: 0,
      persistent: false,
      hideIcon: false,
      phase: 'visible',
    })
  })

  it('auto-dismisses a success toast after 5 s, fades out, then removes it', () => {
    store.show({ theme: 'success', title: 'Сохранено' })
    vi.advanceTimersByTime(4999)
    expect(phases()).toEqual(['visible'])
    vi.advanceTimersByTime(1)
    expect(phases()).toEqual(['leaving'])
    vi.advanceTimersByTime(TOAST_FADE_MS)
    expect(store.getSnapshot()).toEqual([])
  })

  it('auto-dismisses an info toast after 3 s', () => {
    store.show({ theme: 'info', title: 'Ссылка скопирована' })
    vi.advanceTimersByTime(2999)
    expect(phases()).toEqual(['visible'])
    vi.advanceTimersByTime(1)
    expect(phases()).toEqual(['leaving'])
  })

  it('never auto-dismisses a persistent toast', () => {
    store.show({ theme: 'error', title: 'Ошибка', persistent: true })
    vi.advanceTimersByTime(60_000)
    expect(phases()).toEqual(['visible'])
  })

  it('keeps one toast per position: a new one replaces the old at once', () => {
    const first = store.show({ title: 'Первый', position: 'top' })
    const second = store.show({ title: 'Второй', position: 'top' })
    expect(ids()).toEqual([second])
    expect(ids()).not.toContain(first)
  })

  it('keeps a top and a bottom toast side by side', () => {
    const top = store.show({ title: 'Сверху', position: 'top' })
    const bottom = store.show({ title: 'Снизу', position: 'bottom' })
    expect(ids()).toEqual([top, bottom])
  })

  it('does not let a replaced toast dismiss its successor', () => {
    store.show({ theme: 'info', title: 'Первый' })
    vi.advanceTimersByTime(2000)
    store.show({ theme: 'info', title: 'Второй' })
    vi.advanceTimersByTime(1500)
    expect(phases()).toEqual(['visible'])
    vi.advanceTimersByTime(1500)
    expect(phases()).toEqual(['leaving'])
  })

  it('closes by hand with a fade-out, also when persistent', () => {
    const id = store.show({ title: 'Закрой меня', persistent: true })
    store.dismiss(id)
    expect(phases()).toEqual(['leaving'])
    vi.advanceTimersByTime(TOAST_FADE_MS)
    expect(store.getSnapshot()).toEqual([])
  })

  it('ignores closing an unknown or already leaving toast', () => {
    const id = store.show({ title: 'Раз' })
    store.dismiss('toast-unknown')
    store.dismiss(id)
    store.dismiss(id)
    vi.advanceTimersByTime(TOAST_FADE_MS)
    expect(store.getSnapshot()).toEqual([])
  })

  it('pauses the clock while hovered and resumes with the time left', () => {
    const id = store.show({ theme: 'success', title: 'Пауза' })
    vi.advanceTimersByTime(4000)
    store.pause(id)
    vi.advanceTimersByTime(10_000)
    expect(phases()).toEqual(['visible'])
    store.resume(id)
    vi.advanceTimersByTime(999)
    expect(phases()).toEqual(['visible'])
    vi.advanceTimersByTime(1)
    expect(phases()).toEqual(['leaving'])
  })

  it('notifies subscribers on every change and gives a new snapshot', () => {
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    const before = store.getSnapshot()
    const id = store.show({ title: 'Раз' })
    expect(store.getSnapshot()).not.toBe(before)
    store.dismiss(id)
    vi.advanceTimersByTime(TOAST_FADE_MS)
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
    store.show({ title: 'Два' })
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('keeps every field of spec section 3', () => {
    const onButtonClick = vi.fn()
    store.show({
      theme: 'question',
      type: 'age-check',
      title: 'Вам есть 18?',
      description: 'Подтвердите возраст',
      buttonLabel: 'Да',
      onButtonClick,
      hideIcon: true,
      position: 'top',
      gap: 56,
      persistent: true,
    })
    expect(store.getSnapshot()[0]).toMatchObject({
      theme: 'question',
      type: 'age-check',
      title: 'Вам есть 18?',
      description: 'Подтвердите возраст',
      buttonLabel: 'Да',
      onButtonClick,
      hideIcon: true,
      position: 'top',
      gap: 56,
      persistent: true,
    })
  })

  it('gives separate stores separate toasts (one per app instance)', () => {
    const other = new ToastStore()
    store.show({ title: 'Моё' })
    expect(other.getSnapshot()).toEqual([])
    other.destroy()
  })
})

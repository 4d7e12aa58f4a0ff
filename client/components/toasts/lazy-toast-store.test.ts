import { describe, expect, it, vi } from 'vitest'
import { LazyToastStore } from './lazy-toast-store.ts'

describe('LazyToastStore', () => {
  it('answers the id at once and shows the toast, in call order, once its code is in', async () => {
    const store = new LazyToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const first = store.show({ title: 'Первый', persistent: true })
    const second = store.show({ title: 'Второй', position: 'top', persistent: true })
    store.dismiss(first)
    expect([first, second]).toEqual(['toast-1', 'toast-2'])
    expect(store.getSnapshot()).toEqual([])
    await vi.waitFor(() =>
      expect(store.getSnapshot().map((toast) => [toast.id, toast.phase])).toEqual([
        ['toast-1', 'leaving'],
        ['toast-2', 'visible'],
      ]),
    )
    expect(listener).toHaveBeenCalled()
    store.destroy()
  })
})

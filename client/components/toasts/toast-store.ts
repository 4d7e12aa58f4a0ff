/**
 * The toast store of spec sections 3, 4 and 9, as a plain class (no React, no DOM): one toast per
 * position (a new one replaces the old), auto-dismiss after 5 s (3 s for info, never when
 * persistent), then a fade-out phase and removal (destroy).
 */
import { TOAST_DISMISS_MS, TOAST_INFO_DISMISS_MS } from '#shared/constants.ts'

/** Toast themes (spec section 4). */
export type ToastTheme = 'success' | 'error' | 'info' | 'warning' | 'question' | 'bright'
/** Toast positions (spec section 9). */
export type ToastPosition = 'top' | 'bottom'

/** What a caller passes to `show` (every field of spec section 3). */
export interface ToastOptions {
  /** Colour and icon. Default 'info'. */
  theme?: ToastTheme
  /** The kind of message (`link-copied`, `favorite-added`): rendered as `data-toast-type` for tests and styling. */
  type?: string
  title?: string
  description?: string
  /** Label of the optional action button. */
  buttonLabel?: string
  /** Runs when the action button is pressed; the toast closes afterwards. */
  onButtonClick?: () => void
  /** Hide the theme icon. */
  hideIcon?: boolean
  /** Screen edge. Default 'bottom'. */
  position?: ToastPosition
  /** Extra distance in px added to the 20 px screen offset (to clear a sticky bar). Default 0. */
  gap?: number
  /** Stays until closed: no auto-dismiss. */
  persistent?: boolean
}

/** A toast as the viewport renders it. */
export interface ToastRecord extends Required<
  Pick<ToastOptions, 'theme' | 'position' | 'gap' | 'persistent' | 'hideIcon'>
> {
  id: string
  type: string | undefined
  title: string | undefined
  description: string | undefined
  buttonLabel: string | undefined
  onButtonClick: (() => void) | undefined
  /** `visible`, then `leaving` while it fades out; removed afterwards. */
  phase: 'visible' | 'leaving'
}

/** Timer functions, injectable for tests (defaults: the global ones, which fake timers replace). */
export interface ToastTimers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  now: () => number
}

/** Duration of the fade-out before a toast leaves the DOM, in ms (matches the CSS transition). */
export const TOAST_FADE_MS = 200

/** How long a toast stays before it starts to fade; undefined when it stays until closed. */
export function toastDuration(options: Pick<ToastOptions, 'theme' | 'persistent'>): number | undefined {
  if (options.persistent) return undefined
  return (options.theme ?? 'info') === 'info' ? TOAST_INFO_DISMISS_MS : TOAST_DISMISS_MS
}

interface Timer {
  handle: unknown
  /** When the dismiss timer fires (for pause/resume). */
  dueAt: number
  remaining: number
}

const defaultTimers = (): ToastTimers => ({
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
})

/** Holds the toasts of one app instance; `subscribe` + `getSnapshot` fit `useSyncExternalStore`. */
export class ToastStore {
  private toasts: readonly ToastRecord[] = []
  private readonly listeners = new Set<() => void>()
  private readonly dismissTimers = new Map<string, Timer>()
  private readonly fadeTimers = new Map<string, unknown>()
  private counter = 0
  private readonly timers: ToastTimers

  constructor(timers?: Partial<ToastTimers>) {
    this.timers = { ...defaultTimers(), ...timers }
  }

  /** Shows a toast, replacing the one at the same position; returns its id (`id` when given: lazy-toast-store.ts). */
  show = (options: ToastOptions, id = `toast-${++this.counter}`): string => {
    const record: ToastRecord = {
      id,
      theme: options.theme ?? 'info',
      type: options.type,
      title: options.title,
      description: options.description,
      buttonLabel: options.buttonLabel,
      onButtonClick: options.onButtonClick,
      hideIcon: options.hideIcon ?? false,
      position: options.position ?? 'bottom',
      gap: options.gap ?? 0,
      persistent: options.persistent ?? false,
      phase: 'visible',
    }
    for (const old of this.toasts) if (old.position === record.position) this.clearTimers(old.id)
    this.toasts = [...this.toasts.filter((t) => t.position !== record.position), record]
    const duration = toastDuration(record)
    if (duration !== undefined) this.startDismissTimer(id, duration)
    this.emit()
    return id
  }

  /** Starts the fade-out of a toast; it is removed after `TOAST_FADE_MS`. Unknown ids are ignored. */
  dismiss = (id: string): void => {
    const toast = this.toasts.find((t) => t.id === id)
    if (!toast || toast.phase === 'leaving') return
    this.clearDismissTimer(id)
    this.toasts = this.toasts.map((t) => (t.id === id ? { ...t, phase: 'leaving' as const } : t))
    this.fadeTimers.set(
      id,
      this.timers.setTimeout(() => this.remove(id), TOAST_FADE_MS),
    )
    this.emit()
  }

  /** Fades out every toast. */
  dismissAll = (): void => {
    for (const toast of this.toasts) this.dismiss(toast.id)
  }

  /** Stops the auto-dismiss clock while the shopper hovers or focuses the toast (WCAG 2.2.1). */
  pause = (id: string): void => {
    const timer = this.dismissTimers.get(id)
    if (!timer || timer.handle === undefined) return
    this.timers.clearTimeout(timer.handle)
    timer.remaining = Math.max(0, timer.dueAt - this.timers.now())
    timer.handle = undefined
  }

  /** Restarts the auto-dismiss clock with the time that was left. */
  resume = (id: string): void => {
    const timer = this.dismissTimers.get(id)
    if (!timer || timer.handle !== undefined) return
    this.startDismissTimer(id, timer.remaining)
  }

  /** Current toasts (a new array after every change). */
  getSnapshot = (): readonly ToastRecord[] => this.toasts

  /** Calls the listener after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Removes everything and cancels all timers (app teardown, tests). */
  destroy = (): void => {
    for (const toast of this.toasts) this.clearTimers(toast.id)
    this.toasts = []
    this.emit()
  }

  private startDismissTimer(id: string, ms: number): void {
    const handle = this.timers.setTimeout(() => this.dismiss(id), ms)
    this.dismissTimers.set(id, { handle, dueAt: this.timers.now() + ms, remaining: ms })
  }

  private remove(id: string): void {
    this.clearTimers(id)
    this.toasts = this.toasts.filter((t) => t.id !== id)
    this.emit()
  }

  private clearDismissTimer(id: string): void {
    const timer = this.dismissTimers.get(id)
    if (timer?.handle !== undefined) this.timers.clearTimeout(timer.handle)
    this.dismissTimers.delete(id)
  }

  private clearTimers(id: string): void {
    this.clearDismissTimer(id)
    const fade = this.fadeTimers.get(id)
    if (fade !== undefined) this.timers.clearTimeout(fade)
    this.fadeTimers.delete(id)
  }

  private emit(): void {
    for (const listener of this.listeners) listener()
  }
}

/**
 * `LazyToastStore`: the toast store of one app instance, with `ToastStore`'s interface, whose code
 * (toast-store.ts: records, timers, fade-out) loads with the first toast of the page, in one chunk with
 * the code that draws toasts (toast-layer.tsx re-exports the store). `show` answers
 * its id at once; calls made while the code loads run in order once it is in, and subscribers hear
 * every change of the real store.
 */
import type { ToastOptions, ToastRecord, ToastStore } from './toast-store.ts'

/** What callers and the viewport use of a toast store. */
export type ToastStoreApi = Pick<
  ToastStore,
  'show' | 'dismiss' | 'pause' | 'resume' | 'getSnapshot' | 'subscribe' | 'destroy'
>

const EMPTY: readonly ToastRecord[] = []

/** A toast store that loads its code with its first toast. */
export class LazyToastStore implements ToastStoreApi {
  private store: ToastStore | undefined
  private loading: Promise<ToastStore> | undefined
  private counter = 0
  private destroyed = false
  private readonly listeners = new Set<() => void>()

  /** Shows a toast (once the store's code is in), replacing the one at its position; returns its id. */
  show = (options: ToastOptions): string => {
    const id = `toast-${++this.counter}`
    this.run((store) => store.show(options, id))
    return id
  }

  /** Starts the fade-out of a toast. */
  dismiss = (id: string): void => this.run((store) => store.dismiss(id))

  /** Stops a shown toast's auto-dismiss clock (only shown toasts are hovered: the code is in). */
  pause = (id: string): void => this.store?.pause(id)

  /** Restarts a shown toast's auto-dismiss clock. */
  resume = (id: string): void => this.store?.resume(id)

  /** Current toasts (none until the code is in). */
  getSnapshot = (): readonly ToastRecord[] => this.store?.getSnapshot() ?? EMPTY

  /** Calls the listener after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Removes everything and cancels all timers (app teardown, tests). */
  destroy = (): void => {
    this.destroyed = true
    this.store?.destroy()
  }

  private run(action: (store: ToastStore) => void): void {
    if (this.store) return action(this.store)
    this.loading ??= import('./toast-layer.tsx').then((module) => {
      const store = new module.ToastStore()
      store.subscribe(() => {
        for (const listener of this.listeners) listener()
      })
      this.store = store
      return store
    })
    this.loading.then(
      (store) => {
        if (!this.destroyed) action(store)
      },
      () => {
        // A toast whose code cannot load is not shown; the next one tries again.
        this.loading = undefined
      },
    )
  }
}

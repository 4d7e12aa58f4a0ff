/**
 * `<ToastProvider>` holds the toast store of one app instance (so SSR requests never share one);
 * `useToast()` gives `show`/`dismiss` to components, and `showToast()` reaches the mounted
 * provider from code outside React (in the browser; on the server it does nothing).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { ToastStore, type ToastOptions } from './toast-store.ts'

const ToastContext = createContext<ToastStore | null>(null)

/** The store of the mounted provider, for `showToast` outside React (browser only). */
let activeStore: ToastStore | null = null

/** Props of `ToastProvider`. */
export interface ToastProviderProps {
  children: ReactNode
  /** A store made elsewhere (tests); by default the provider makes its own. */
  store?: ToastStore
}

/** Provides the toast store to the tree below. */
export function ToastProvider({ children, store: given }: ToastProviderProps) {
  const [store] = useState(() => given ?? new ToastStore())
  useEffect(() => {
    activeStore = store
    return () => {
      if (activeStore === store) activeStore = null
      store.destroy()
    }
  }, [store])
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>
}

/** The provider's store, or null outside a provider. */
export function useToastStore(): ToastStore | null {
  return useContext(ToastContext)
}

/** What `useToast()` gives. */
export interface ToastApi {
  /** Shows a toast (replacing the one at its position); returns its id ('' outside a provider). */
  show: (options: ToastOptions) => string
  /** Closes a toast with its fade-out. */
  dismiss: (id: string) => void
}

const noopApi: ToastApi = { show: () => '', dismiss: () => {} }

/** Toast actions for components; a no-op outside a provider (never throws). */
export function useToast(): ToastApi {
  const store = useToastStore()
  return store ? { show: store.show, dismiss: store.dismiss } : noopApi
}

/** Shows a toast from anywhere in the browser (the mounted provider's store); '' when none is mounted. */
export function showToast(options: ToastOptions): string {
  return activeStore?.show(options) ?? ''
}

/** Closes a toast shown with `showToast`. */
export function dismissToast(id: string): void {
  activeStore?.dismiss(id)
}

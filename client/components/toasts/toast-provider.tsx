/**
 * `<ToastProvider>` holds the toast store of one app instance (so SSR requests never share one);
 * `useToast()` gives `show`/`dismiss` to components, and `showToast()` reaches the mounted
 * provider from code outside React. Without a provider the browser falls back to one page-wide
 * store (the server never has one: toasts are shown from effects and handlers only).
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { ToastOptions } from './toast-store.ts'
import { LazyToastStore, type ToastStoreApi } from './lazy-toast-store.ts'

const ToastContext = createContext<ToastStoreApi | null>(null)

/** The store of the mounted provider, for `showToast` outside React (browser only). */
let activeStore: ToastStoreApi | null = null
/** The browser's page-wide store used when no provider is mounted. */
let browserFallback: ToastStoreApi | null = null

function fallbackStore(): ToastStoreApi | null {
  if (import.meta.env.SSR) return null
  browserFallback ??= new LazyToastStore()
  return browserFallback
}

export interface ToastProviderProps {
  children: ReactNode
  /** A store made elsewhere (tests); by default the provider makes its own. */
  store?: ToastStoreApi
}

/** Provides the toast store to the tree below. */
export function ToastProvider({ children, store: given }: ToastProviderProps) {
  const [store] = useState<ToastStoreApi>(() => given ?? new LazyToastStore())
  useEffect(() => {
    activeStore = store
    return () => {
      if (activeStore === store) activeStore = null
      store.destroy()
    }
  }, [store])
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>
}

/** The provider's store; outside a provider the browser's page-wide store, and null on the server. */
export function useToastStore(): ToastStoreApi | null {
  return useContext(ToastContext) ?? fallbackStore()
}

/** What `useToast()` gives. */
export interface ToastApi {
  /** Shows a toast (replacing the one at its position); returns its id ('' outside a provider). */
  show: (options: ToastOptions) => string
  /** Closes a toast with its fade-out. */
  dismiss: (id: string) => void
}

const noopApi: ToastApi = { show: () => '', dismiss: () => {} }

/** Toast actions for components; a no-op on the server (never throws). */
export function useToast(): ToastApi {
  const store = useToastStore()
  // One object per store: callers keep it in their callbacks' dependencies (use-favorites.ts).
  return useMemo(() => (store ? { show: store.show, dismiss: store.dismiss } : noopApi), [store])
}

/** Shows a toast from anywhere in the browser (the mounted provider's store); '' on the server. */
export function showToast(options: ToastOptions): string {
  return (activeStore ?? fallbackStore())?.show(options) ?? ''
}

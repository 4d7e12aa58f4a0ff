/**
 * App-wide browser state: the public config, the visitor's session view and the shared UI actions
 * (open the login dialog, open the store picker). Pages and components read it with `useApp()`.
 */
import { createContext, useContext } from 'react'
import type { PublicConfig } from '#shared/public-config.ts'
import type { ApiClient } from '#shared/api/client.ts'

/** What the browser knows about the visitor (no tokens: those stay in HttpOnly cookies). */
export interface ClientSession {
  authorized: boolean
  userId: string | undefined
  incompleteProfile: boolean
  ecomEnabled: boolean
  /** True while the server's e-commerce answer for a newly signed-in shopper is on its way. */
  ecomPending?: boolean | undefined
}

export interface AppContextValue {
  config: PublicConfig
  session: ClientSession
  api: ApiClient
  /** Opens the login dialog; resolves true when the shopper signed in. */
  openLogin: (options?: { reason?: string }) => Promise<boolean>
  /** Opens the city and store picker; resolves true when a store was chosen. */
  openStorePicker: () => Promise<boolean>
  /** Re-reads the session after sign-in or sign-out (e-commerce is asked from the server); never rejects. */
  refreshSession: () => Promise<void>
}

export const AppContext = createContext<AppContextValue | null>(null)

/**
 * The API client alone, for parts that need nothing else of the app: it stays the same for the app's
 * life, so a query hook reading it does not render again each time the session or a dialog changes
 * the app context (signing in rendered every query hook on the page in one task, decision 032).
 */
export const ApiContext = createContext<ApiClient | null>(null)

/** The API client: the app root provides it, so it is never missing inside the app. */
export const useApi = (): ApiClient => useContext(ApiContext)!

/**
 * The public config alone, for the same reason: it changes only when a developer's override applies,
 * so a part that reads nothing else (the home page, the footer) does not render again when the shopper
 * signs in (decision 032).
 */
export const ConfigContext = createContext<PublicConfig | null>(null)

/** The public config: the app root provides it, so it is never missing inside the app. */
export const useConfig = (): PublicConfig => useContext(ConfigContext)!

/** The app context; throws outside the app tree (a programming error). */
export function useApp(): AppContextValue {
  const value = useContext(AppContext)
  if (!value) throw new Error('useApp() outside <AppContext>')
  return value
}

/** Test helpers for features and the app shell: an app context value and a string render inside it. */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { ApiContext, AppContext, ConfigContext, type AppContextValue } from './app-context.tsx'
import type { ApiClient } from '#shared/api/client.ts'
import type { PublicConfig } from '#shared/public-config.ts'

/** A public config for tests. */
export const testConfig = (overrides: Partial<PublicConfig> = {}): PublicConfig => ({
  config: 'test',
  kfpCid: 'test-kfp',
  version: 'test',
  platformVersion: '0.0.0-test',
  debug: false,
  ecom: 'false',
  favoritesAvailable: true,
  clientName: 'aurora-web',
  aud: 'loyalty-web',
  product: 'aurora',
  mainSiteUrl: 'https://aurora.example',
  antifraud: false,
  vitalsSampleRate: 0,
  ...overrides,
})

/** An app context value for tests (actions resolve false). */
export const testApp = (overrides: Partial<AppContextValue> = {}): AppContextValue => ({
  config: testConfig(),
  session: { authorized: false, userId: undefined, incompleteProfile: false, ecomEnabled: false },
  api: {} as ApiClient,
  openLogin: () => Promise.resolve(false),
  openStorePicker: () => Promise.resolve(false),
  refreshSession: async () => {},
  ...overrides,
})

/** Renders to an HTML string as the server would, inside the app context and a router at `path`. */
export function renderInApp(
  node: ReactNode,
  options: { app?: Partial<AppContextValue>; path?: string; search?: string } = {},
): string {
  const app = testApp(options.app)
  return renderToString(
    <AppContext value={app}>
      <ApiContext value={app.api}>
        <ConfigContext value={app.config}>
          <Router ssrPath={options.path ?? '/'} ssrSearch={options.search ?? ''}>
            {node}
          </Router>
        </ConfigContext>
      </ApiContext>
    </AppContext>,
  )
}

/**
 * `<FragmentFrame>`: hands the server's fragment cache the app's
 * contexts as the page has them, so a card's children rendered alone give the HTML they give in the
 * page. Rendered once inside the app's providers, on the server only (the browser's build drops it);
 * renders nothing.
 */
import { useContext, type ReactNode } from 'react'
import { SWRConfig, useSWRConfig } from 'swr'
import { Router, useRouter } from 'wouter'
import { FragmentCacheContext } from '#client/components/fragment-cache.tsx'
import { IconProjectContext } from '#client/components/icon.tsx'
import { ApiContext, AppContext, ConfigContext } from '#client/context/app-context.tsx'

/** Gives the fragment cache, when there is one, the providers the page's parts render in. */
export function FragmentFrame() {
  const cache = useContext(FragmentCacheContext)
  const app = useContext(AppContext)
  const api = useContext(ApiContext)
  const config = useContext(ConfigContext)
  const swr = useSWRConfig()
  const router = useRouter()
  const project = useContext(IconProjectContext)
  cache?.frameWith((children: ReactNode) => (
    <SWRConfig value={swr}>
      <AppContext.Provider value={app}>
        <ApiContext value={api}>
          <ConfigContext value={config}>
            <IconProjectContext value={project}>
              <Router {...router}>{children}</Router>
            </IconProjectContext>
          </ConfigContext>
        </ApiContext>
      </AppContext.Provider>
    </SWRConfig>
  ))
  return null
}

/**
 * The application root, rendered by the server (streaming) and hydrated by the browser with the same
 * props: config, session, the current view and the SWR fallback that holds every loader's result.
 */
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import { SWRConfig, useSWRConfig } from 'swr'
import { Router, useLocation, useSearch } from 'wouter'
import type { ApiClient } from '#shared/api/client.ts'
import { SiteLayout } from './layout/site-layout.tsx'
import { ErrorViewPart, loadErrorViews } from '../components/errors/lazy-error-view.tsx'
import { ToastProvider } from '#client/components/toasts/toast-provider.tsx'
import { IconProjectContext } from '#client/components/icon.tsx'
import { ROUTES } from '#shared/routing/routes.ts'
import { RouteView, type PageProps } from '../views/registry.ts'
import {
  ApiContext,
  AppContext,
  ConfigContext,
  useApp,
  type AppContextValue,
  type ClientSession,
} from '#client/context/app-context.tsx'
import type { BootData, View } from './boot.ts'
import { loadClientNavigation } from '#client/navigation/navigation.ts'
import { documentNavigationPreferred } from '#client/navigation/document-navigation.ts'
import type { Shown } from '#client/navigation/client-navigation.ts'
import { useBuildUpdate } from './use-build-update.ts'
import { useNavigationEffects } from '#client/navigation/use-navigation-effects.ts'
import { askEcomEnabled, readClientSession, readConfigOverride, rememberEcom } from '#client/context/session.ts'
import { reportError } from './error-reporting.ts'
import { DialogHost, useDialogs } from './dialog-host.tsx'
import { CookieBanner } from '../features/cookies/cookie-banner.tsx'
import { usePageViews } from '../analytics/use-page-views.ts'
import { FragmentFrame } from './fragment-frame.tsx'

export interface AppProps {
  boot: BootData
  api: ApiClient
  /** The page component of the initial view, loaded before render/hydration. */
  page: ComponentType<PageProps> | undefined
  /** Server only: the request path and query for wouter. */
  ssrPath?: string
  ssrSearch?: string
}

/** The root component. */
export function App({ boot, api, page, ssrPath, ssrSearch }: AppProps) {
  const [session, setSession] = useState<ClientSession>(boot.session)
  // The server's config renders first (hydration must match); a locally stored override follows.
  const [config, setConfig] = useState(boot.config)
  const dialogs = useDialogs()
  useEffect(() => {
    // A marker for tests and tooling: the page is interactive (with a stored override, once it applies).
    const hydrated = () => {
      document.documentElement.dataset.hydrated = 'true'
    }
    const override = readConfigOverride()
    if (!override) return hydrated()
    let current = true
    // The override's parser loads with it (start.tsx has loaded it already).
    void import('#shared/config-override.ts')
      .then(({ applyConfigOverride }) => {
        const overridden = applyConfigOverride(boot.config, override)
        if (current && JSON.stringify(overridden) !== JSON.stringify(boot.config)) setConfig(overridden)
      })
      .finally(hydrated)
    return () => {
      current = false
    }
  }, [boot.config])
  const sessionRef = useRef(session)
  sessionRef.current = session
  const refreshSession = useCallback(async () => {
    // The cookie part is applied at once (a navigation may follow in the same tick); the server's
    // e-commerce answer follows when it is needed.
    const next = readClientSession(config, sessionRef.current)
    sessionRef.current = next
    setSession(next)
    if (!next.ecomPending || next.userId === undefined) return
    const ecomEnabled = await askEcomEnabled(next.userId)
    // A transition: e-commerce gives every card on the page its cart button, a render React may then
    // split into slices with room for a tap between them (decision 032); nothing waits for it.
    startTransition(() =>
      setSession((current) =>
        current.userId === next.userId && current.ecomPending
          ? { ...current, ecomEnabled, ecomPending: undefined }
          : current,
      ),
    )
  }, [config])
  useEffect(() => rememberEcom(config, session), [config, session])
  // One object for the app's life: a new one on each render of the root (a dialog opening, the session
  // changing) would be a new SWR context, and every query hook on the page would render again.
  const swrConfig = useMemo(
    () => ({ fallback: boot.fallback, revalidateIfStale: false, revalidateOnFocus: false, shouldRetryOnError: false }),
    [boot.fallback],
  )
  const context = useMemo<AppContextValue>(
    () => ({
      config,
      session,
      api,
      openLogin: dialogs.openLogin,
      openStorePicker: dialogs.openStorePicker,
      refreshSession,
    }),
    [config, session, api, dialogs.openLogin, dialogs.openStorePicker, refreshSession],
  )
  return (
    <SWRConfig value={swrConfig}>
      <AppContext.Provider value={context}>
        <ApiContext value={api}>
          <ConfigContext value={config}>
            <IconProjectContext value={config.product}>
              <ToastProvider>
                <Router {...(ssrPath === undefined ? {} : { ssrPath, ssrSearch: ssrSearch ?? '' })}>
                  {import.meta.env.SSR && <FragmentFrame />}
                  <Shell initialView={boot.view} initialPage={page} />
                  <DialogHost state={dialogs} />
                  <CookieBanner />
                </Router>
              </ToastProvider>
            </IconProjectContext>
          </ConfigContext>
        </ApiContext>
      </AppContext.Provider>
    </SWRConfig>
  )
}

/**
 * Resolves navigations and renders the current view inside its layout. Memoized: its props never change,
 * so the app's own state (a dialog opening, the session) does not render the whole page again in the
 * task of the tap (decision 032); what reads that state subscribes to the context itself.
 */
const Shell = memo(function Shell({
  initialView,
  initialPage,
}: {
  initialView: View
  initialPage: ComponentType<PageProps> | undefined
}) {
  const { config, session, api } = useApp()
  const { cache, fallback } = useSWRConfig()
  const [location, setLocation] = useLocation()
  const search = useSearch()
  const [shown, setShown] = useState<Shown>({ view: initialView, Page: initialPage, seq: 0 })
  const updateAvailable = useBuildUpdate(config.version, config.config === 'development')
  const first = useRef(true)
  const followedPath = useRef(location)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    let current = true
    const qs = search ? `?${search}` : ''
    // A new build is out: the next navigation is a full page load (spec section 4). On a very slow
    // connection so is one to another path: one round for the page and its data (document-navigation.ts;
    // a new query of the same list, «Показать ещё» or a filter, stays a client navigation). The URL is the
    // current entry's, so the load replaces it.
    const otherPath = location !== followedPath.current
    followedPath.current = location
    if (updateAvailable || documentNavigationPreferred(otherPath)) return void window.location.assign(location + qs)
    // The top progress bar (layout.css) shows from the tap until the navigation is followed, however
    // long its code and data take on a slow network; a newer navigation takes it over.
    const root = document.documentElement.dataset
    root.navigating = ''
    // What a navigation does loads with the first one, beside the routing kit.
    loadClientNavigation(location + qs)
      .then((navigation) =>
        navigation.followNavigation({
          pathname: location,
          search: qs,
          session,
          api,
          config,
          cache,
          fallback: fallback as Record<string, unknown>,
          setShown,
          setLocation,
          current: () => current,
        }),
      )
      .catch(async (error: unknown) => {
        await loadErrorViews().catch(() => undefined)
        if (!current) return
        const view: View = { kind: 'error', status: 503, code: String((error as Error).name) }
        setShown((s) => ({ view, Page: s.Page, seq: s.seq + 1 }))
        reportError({ message: `HTTP ${view.status}`, status: view.status })
      })
      .finally(() => current && delete root.navigating)
    return () => {
      current = false
    }
    // Session changes re-run the rules only through the next navigation, not by themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, search])

  useNavigationEffects(shown.seq, shown.title)

  const { view, Page } = shown
  const layout = view.kind === 'page' ? ROUTES[view.route].layout : 'default'
  const routeName = view.kind === 'page' ? view.route : 'error'
  usePageViews(routeName, shown.seq)
  // The page's element changes with the view only: a tapped link changes the location at once (wouter's
  // store renders this component synchronously in the tap's task), and the old page must not render
  // again then; the new one comes with the navigation (decision 032).
  const content = useMemo(
    () =>
      view.kind === 'error' || !Page ? (
        <ErrorViewPart status={view.kind === 'error' ? view.status : 500} />
      ) : (
        <RouteView view={view} Page={Page} />
      ),
    [view, Page],
  )
  return (
    <SiteLayout layout={layout} routeName={routeName}>
      {content}
    </SiteLayout>
  )
})

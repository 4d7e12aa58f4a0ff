/**
 * What a page does once it has loaded, after the prefetch delay in idle time (start.tsx loads this
 * module then, so no first load carries any of it): the check of the icons' sprite, the field Web
 * Vitals of a sampled share of page views (decision 032: the `web-vitals` library reads LCP, FCP and
 * TTFB from the buffered performance entries, so loading it late loses none of them), the loader of a
 * route's navigation code for the link prefetch (navigation-code.ts), and 2 s later offline support (the
 * service worker, decision 029).
 */
import type { ApiClient } from '#shared/api/client.ts'
import { iconSpriteUrl } from '#client/components/icon.tsx'
import { whenIdle } from '#client/lib/when-idle.ts'
import { provideNavigationPreload } from '#client/lib/navigation-preload.ts'
import { loadNavigationCode } from '#client/navigation/navigation-code.ts'

/** How long the check of the sprite waits for the store. */
const SPRITE_CHECK_TIMEOUT_MS = 10_000
/** How long after the rest offline support starts. */
const OFFLINE_SUPPORT_DELAY_MS = 2_000

/** What the after-load work needs to know of the page. */
export interface LoadedPage {
  api: ApiClient
  /** The config's product: the icon sprite's folder. */
  product: string
  ecomEnabled: boolean
  /** The config's share of page views that report their Web Vitals. */
  vitalsSampleRate: number
  /** The landed page's route name (`error` for an error view). */
  route: string
}

/**
 * Spec section 7: a failed icon load is logged. `<use>` fails silently (the icons show nothing), so
 * the page asks for the sprite once more, from the HTTP cache when it is there, and logs a failure.
 */
export function reportIconSpriteFailure(project: string): Promise<void> {
  const url = iconSpriteUrl(project)
  return fetch(url, { cache: 'force-cache', signal: AbortSignal.timeout(SPRITE_CHECK_TIMEOUT_MS) })
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return response.body?.cancel()
    })
    .catch((error: unknown) => {
      console.warn(`[icon] failed to load ${url}:`, error instanceof Error ? error.message : error)
    })
}

/** Runs the after-load work of the page. */
export function afterLoad(page: LoadedPage): void {
  provideNavigationPreload(loadNavigationCode)
  void reportIconSpriteFailure(page.product)
  // A chunk that fails to load costs this page view its report, nothing else.
  if (page.vitalsSampleRate > 0 && Math.random() < page.vitalsSampleRate)
    import('#client/analytics/web-vitals.ts')
      .then((reporter) => reporter.reportWebVitals(page.route))
      .catch(() => undefined)
  setTimeout(
    () =>
      whenIdle(() => {
        void import('#client/features/offline/register-worker.ts').then(
          (offline) => offline.startOfflineSupport(page.api, page.ecomEnabled),
          () => undefined,
        )
      }),
    OFFLINE_SUPPORT_DELAY_MS,
  )
}

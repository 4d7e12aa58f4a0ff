/**
 * The app shell's start: reads the boot data, loads the initial page's chunk, and hydrates the server's
 * HTML. Everything this module imports statically is the app shell, one chunk loaded on every page
 * (scripts/build/chunking.mjs makes every lazy chunk depend on this module so esbuild keeps the shell whole).
 * That chunk is the page's module script (the manifest's entry), so this module starts the app itself.
 */
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BROWSER_API_TIMEOUT_MS, PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { COOKIE } from '#shared/cookies.ts'
import { App } from './app.tsx'
import { BOOT_ELEMENT_ID, type BootData } from './boot.ts'
import { unpackBoot } from './boot-pack.ts'
import { lazyApiClient } from './boot-api.ts'
import { loadPageModule } from '#client/navigation/navigation.ts'
import { installErrorReporting } from './error-reporting.ts'
import { holdEarlyInput, type EarlyInput } from './early-input.ts'
import { nextTask } from '#client/lib/next-task.ts'
import { whenIdleAfter } from '#client/lib/when-idle.ts'
import { readBrowserCookie, readConfigOverride } from '#client/context/session.ts'
import { hasPage } from '../views/registry.ts'
import { loadErrorViews } from '../components/errors/lazy-error-view.tsx'
import { loadUserMenu } from '../features/auth/lazy-user-menu.tsx'
import { loadCartButton } from '../features/ecom/add-to-cart-button.tsx'
import { loadCartLink } from '../features/ecom/cart-link-part.tsx'

/** Boots the browser app: error reporting, API client, initial page chunk, hydration. */
async function start(input: EarlyInput): Promise<void> {
  installErrorReporting()
  const element = document.getElementById(BOOT_ELEMENT_ID)
  const boot = unpackBoot<BootData>(JSON.parse(element?.textContent ?? '{}'))
  // The API client may use the overridden config at once; the UI adopts it right after hydration
  // (App), so the first render matches the server's HTML. A stored override (a tester's tool, spec
  // section 3) brings its parser along; most visitors have none.
  const override = readConfigOverride()
  const config = override
    ? (await import('#shared/config-override.ts')).applyConfigOverride(boot.config, override)
    : boot.config
  // The client's code loads with the first call, beside the endpoint schemas (boot-api.ts).
  const api = lazyApiClient({
    product: config.product,
    baseUrl: (gateway) => (gateway === 'web' ? '/webgate' : `/${config.product}-id`),
    // fetch's default credentials (`same-origin`) send the session's cookies to our BFF.
    fetch: (input, init) => fetch(input, init),
    timeoutMs: BROWSER_API_TIMEOUT_MS,
    headers: () => ({
      requestId: crypto.randomUUID(),
      deviceId: readBrowserCookie(COOKIE.deviceId),
      appVersion: config.version,
      platformVersion: config.platformVersion,
      clientName: config.clientName,
    }),
    onEvent: (event) => {
      // Spec section 7: request and response errors are only logged.
      if (event.error && event.error.code !== 'aborted')
        console.warn(`[api] ${event.endpoint} failed: ${event.error.code}`)
    },
  })
  // Parts the server rendered for this shopper whose code is not in the shell (lazy-part.tsx): a
  // signed-in page has the user menu, a shopper with e-commerce the cart link and buttons. Without
  // them (a chunk failed) React renders the part afresh after hydration: a recoverable mismatch.
  const parts = Promise.all([
    boot.session.authorized && loadUserMenu(),
    boot.session.ecomEnabled && Promise.all([loadCartLink(), loadCartButton()]),
  ]).catch(() => undefined)
  const page =
    boot.view.kind === 'page' && hasPage(boot.view.route)
      ? (await loadPageModule(boot.view.route, location.pathname + location.search)).Page
      : undefined
  await parts
  // The server rendered an error view: its code must be there before hydration (lazy-error-view.tsx).
  if (!page) await loadErrorViews()
  // Input held on the server's HTML (a field changed, a button clicked) has its replay loading.
  await input.ready()
  // The server renders `#root` on every page; without it `hydrateRoot` throws (a reported error).
  const root = document.getElementById('root')!
  // Hydration as a transition is time-sliced: React yields to the browser every few milliseconds
  // instead of blocking the main thread for the whole page (Total Blocking Time, DESIGN.md section 5);
  // an event on a part not hydrated yet hydrates that part first.
  startTransition(() => {
    hydrateRoot(root, <App boot={boot} api={api} page={page} />)
  })
  // React listens now: the held input hydrates what it targets at once (discrete events) and reaches its
  // handlers.
  input.release()
  // After the page has loaded, once the prefetch delay has passed, in idle time (after-load.ts): the
  // check of the icons' sprite (asked for by the server's HTML, so checked once it has loaded), the
  // field Web Vitals of a sampled share of page views (decision 032) and offline support (decision
  // 029). Their code stays out of the first load's requests and tasks.
  const afterLoad = () =>
    whenIdleAfter(
      PRELOAD_DELAY_MS,
      () =>
        void import('./after-load.ts').then(
          (module) =>
            module.afterLoad({
              api,
              product: config.product,
              ecomEnabled: boot.session.ecomEnabled,
              vitalsSampleRate: config.vitalsSampleRate,
              route: boot.view.kind === 'page' ? boot.view.route : 'error',
            }),
          () => undefined,
        ),
      5_000,
    )
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}

// Evaluated once per page, in the browser only (the server renders App without this module). The page
// is on screen before its chunks are in: a tap or typing meanwhile acts once React listens. The app
// starts in a task of its own, after the framework's and the shell's evaluation: together they were one
// long task of the first load (the browser bench's main-thread trace).
if (!import.meta.env.SSR) {
  const input = holdEarlyInput()
  void nextTask().then(() => start(input))
}

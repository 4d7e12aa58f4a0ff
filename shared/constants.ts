/** Business constants and limits of spec section 9 and DESIGN.md section 4, spelled once. */

/** OTP code length (spec section 5). */
export const OTP_CODE_LENGTH = 5
/** Cookie lifetime in seconds (spec section 9). */
export const COOKIE_MAX_AGE_S = 31_556_952
/** A second chunk-load reload within this window is not attempted (spec section 9). */
export const RELOAD_GUARD_MS = 10_000
/** At most this many route payload preloads wait at once (spec section 9). */
export const PRELOAD_QUEUE_LIMIT = 4
/** Route payloads are prefetched this long after a link mounts (spec section 2, rule 7). */
export const PRELOAD_DELAY_MS = 1_000
/** A page transition waits at most this long for its data before showing the new route (rule 8). */
export const TRANSITION_WAIT_MS = 100
/** Toast auto-dismiss times (spec section 9). */
export const TOAST_DISMISS_MS = 5_000
export const TOAST_INFO_DISMISS_MS = 3_000
/** Toast distance from the screen edge, in px. */
export const TOAST_OFFSET_PX = 20
/** How often the browser asks for the latest build id (the spec leaves it open). */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000
/** Gateway call timeout in the browser (the server has its own connect/headers/body timeouts). */
export const BROWSER_API_TIMEOUT_MS = 15_000
/** Default audience: the loyalty web client (spec section 9). */
export const DEFAULT_AUD = 'loyalty-web'
/** Fixed default client id of the device-fingerprint service (spec section 9). */
export const DEFAULT_KFP_CID = 'aurora-web-kfp'
/** Client name sent to the web gateway. */
export const DEFAULT_CLIENT_NAME = 'aurora-web'
/** Goods per catalogue page. */
export const CATALOG_PAGE_SIZE = 24
/** Search history entries kept on the device. */
export const SEARCH_HISTORY_LIMIT = 10
/** Suggestion requests wait for the shopper to pause typing this long. */
export const SUGGEST_DEBOUNCE_MS = 250
/** App config flags of spec section 3. */
export const CATALOG_COMMERCE_HEADER_BANNER = false
export const CATALOG_COMMERCE_HEADER_SLIDER = true
/** Site name shown in titles ('Cookies на {site}'). */
export const SITE_NAME = 'Аврора'

/** Id of the polite live region that announces page titles (the server writes it, client navigation fills it). */
export const ROUTE_ANNOUNCER_ID = 'route-announcer'
/**
 * Marks a list's own controls (filters, sort): a client navigation started from a field inside keeps the
 * focus on that field instead of moving it to the main heading, so the keyboard goes on to the next one.
 */
export const KEEPS_FOCUS_ATTRIBUTE = 'data-keeps-focus'

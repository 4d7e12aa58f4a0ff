/**
 * The history entry's scroll key, and the position of the server-rendered page before the scroll
 * memory (scroll-memory.ts, a chunk of its own) is loaded. A shopper who scrolls and taps a link
 * within the moments that chunk takes to load (a slow phone, a slow network) would otherwise leave a
 * page whose position nobody recorded, and Back would open it at the top. This part is in the entry
 * bundle and does the least: it gives the entry its key at the first scroll and follows `scrollY`
 * until the address moves on; the memory adopts that position when it installs.
 */

/** Field of `history.state` that holds the entry's key. */
const SCROLL_KEY_FIELD = '__scrollKey'

/** The current entry's key, if it has one. */
function entryKey(): string | undefined {
  const key = (history.state as { [SCROLL_KEY_FIELD]?: unknown } | null)?.[SCROLL_KEY_FIELD]
  return typeof key === 'string' ? key : undefined
}

/** The current entry's key, given one when it has none yet (a new entry made by a push). */
function ensureEntryKey(): string {
  let key = entryKey()
  if (!key) {
    key = Math.random().toString(36).slice(2, 10)
    const state: unknown = history.state
    history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [SCROLL_KEY_FIELD]: key }, '')
  }
  return key
}

/**
 * The entry and position followed before the memory came, and the key of the entry a Back or Forward
 * went to meanwhile; null once the memory has taken over.
 */
type EarlyPosition = [key: string, y: number, poppedTo?: string]
let early: EarlyPosition | undefined | null

/**
 * From the first scroll of the server-rendered page until the memory installs: keeps the entry's
 * position while the address is still that entry's (a push or a pop freezes it), and where a Back or
 * Forward went.
 */
export function followEarlyPosition(): void {
  if (early !== undefined) return
  const position: EarlyPosition = (early = [ensureEntryKey(), window.scrollY])
  const follow = () => {
    if (early && entryKey() === position[0]) position[1] = window.scrollY
    else window.removeEventListener('scroll', follow)
  }
  window.addEventListener('scroll', follow, { passive: true })
  window.addEventListener('popstate', () => (position[2] = entryKey()))
}

/** For the memory as it installs: the position followed so far, if any; following ends. */
function takeEarlyPosition(): EarlyPosition | undefined {
  const taken = early
  early = null
  return taken ?? undefined
}

/** What the scroll memory is handed when it installs. */
export const historyKeys = { entryKey, ensureEntryKey, takeEarlyPosition }
export type HistoryKeys = typeof historyKeys

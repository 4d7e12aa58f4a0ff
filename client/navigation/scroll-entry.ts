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
export function entryKey(): string | undefined {
  const state: unknown = history.state
  return state && typeof state === 'object' && SCROLL_KEY_FIELD in state
    ? String((state as Record<string, unknown>)[SCROLL_KEY_FIELD])
    : undefined
}

/** The current entry's key, given one when it has none yet (a new entry made by a push). */
export function ensureEntryKey(): string {
  const existing = entryKey()
  if (existing) return existing
  const key = Math.random().toString(36).slice(2, 10)
  const state: unknown = history.state
  history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [SCROLL_KEY_FIELD]: key }, '')
  return key
}

let early: { key: string; y: number } | undefined
let stopEarly: (() => void) | undefined
let memoryInstalled = false

/**
 * From the first scroll of the server-rendered page until the memory installs: keeps the entry's
 * position while the address is still that entry's (a push or a pop freezes it).
 */
export function followEarlyPosition(): void {
  if (memoryInstalled || early) return
  const key = ensureEntryKey()
  const position = { key, y: window.scrollY }
  early = position
  const follow = () => {
    if (entryKey() === key) position.y = window.scrollY
    else stop()
  }
  const stop = () => window.removeEventListener('scroll', follow)
  stopEarly = stop
  window.addEventListener('scroll', follow, { passive: true })
}

/** For the memory as it installs: the position followed so far, if any; following stops. */
export function takeEarlyPosition(): { key: string; y: number } | undefined {
  memoryInstalled = true
  stopEarly?.()
  stopEarly = undefined
  const taken = early
  early = undefined
  return taken
}

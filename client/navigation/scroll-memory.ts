/**
 * Scroll positions of the tab's history entries, so that back and forward return a page to where the
 * shopper left it while a new navigation starts at the top (spec rule 6). Each entry gets a key in
 * `history.state`; positions are recorded for the page on screen, and kept in session storage so a
 * reload or a return from another site finds them too. The browser's own restoration is off: it
 * would scroll before the client has rendered the page it returns to. Scrolling back to a position or
 * an anchor while the page settles is scroll-restore.ts, loaded when a page first needs it.
 */
import { STORAGE } from '#shared/cookies.ts'
import type { HistoryKeys } from './scroll-entry.ts'

/** Entries remembered per tab (the oldest are forgotten first). */
const SCROLL_MEMORY_LIMIT = 50

/** Key → vertical position, oldest first. */
export type ScrollPositions = Map<string, number>

/** Records a position as the newest entry and forgets the oldest beyond `limit`. */
export function rememberPosition(
  positions: ScrollPositions,
  key: string,
  y: number,
  limit = SCROLL_MEMORY_LIMIT,
): void {
  positions.delete(key)
  positions.set(key, Math.max(0, Math.round(y)))
  while (positions.size > limit) positions.delete(positions.keys().next().value as string)
}

/** Reads remembered positions; anything broken is an empty memory. */
export function parsePositions(text: string | null): ScrollPositions {
  try {
    const value: unknown = JSON.parse(text ?? '[]')
    if (!Array.isArray(value)) return new Map()
    return new Map(
      value.filter(
        (item): item is [string, number] =>
          Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'number',
      ),
    )
  } catch {
    return new Map()
  }
}

const positions: ScrollPositions = new Map()
let shownKey: string | undefined
/**
 * The key of the entry the last Back or Forward went to (undefined: none since, or it had no key). A
 * view shown for that entry returns to its position; a view of an earlier navigation whose effects
 * come late (after the pop) is not mistaken for it.
 */
let popTarget: string | undefined
/** A Back or Forward has happened since the last view came on screen: that view is being replaced. */
let poppedSinceShown = false
let installed = false
/** The entry bundle's history keys (scroll-entry.ts), handed over at install: not imported, so that
 * this chunk shares no module with the entry bundle (a shared module would be a chunk of its own). */
let keys: HistoryKeys

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE.scrollPositions, JSON.stringify([...positions]))
  } catch {
    // Storage full or blocked: positions live for this page only.
  }
}

/** Starts recording (once per page): manual restoration, pop detection, positions on scroll. */
export function installScrollMemory(historyKeys: HistoryKeys): void {
  if (installed) return
  installed = true
  keys = historyKeys
  try {
    history.scrollRestoration = 'manual'
  } catch {
    // Not supported: the browser restores on its own.
  }
  for (const [key, y] of parsePositions(safeRead())) rememberPosition(positions, key, y)
  // The server-rendered page may have been scrolled (and left) before this chunk came.
  const early = keys.takeEarlyPosition()
  if (early) {
    rememberPosition(positions, early[0], early[1])
    popTarget = early[2]
  }
  let frame = 0
  window.addEventListener(
    'scroll',
    () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        // Only while the address is still the shown page's entry: once a push or a pop has moved it on,
        // the page on screen is about to be replaced, and the scroll the browser does when the shorter
        // next page comes in (clamping to its height) must not overwrite where the shopper left this one.
        if (shownKey && keys.entryKey() === shownKey) rememberPosition(positions, shownKey, window.scrollY)
      })
    },
    { passive: true },
  )
  // A navigation leaves the shown page: its position is taken now, before anything else renders (a
  // scroll in the same frame as the click would otherwise be lost with the pending animation frame).
  const leave = () => {
    if (shownKey) rememberPosition(positions, shownKey, window.scrollY)
  }
  window.addEventListener('popstate', () => {
    leave()
    popTarget = keys.entryKey()
    poppedSinceShown = true
  })
  // wouter announces its pushes with this window event.
  window.addEventListener('pushState', () => {
    leave()
    popTarget = undefined
  })
  // A reload or a full load leaves the page too: its last position is taken before it is stored.
  window.addEventListener('pagehide', () => {
    if (shownKey && keys.entryKey() === shownKey) rememberPosition(positions, shownKey, window.scrollY)
    persist()
  })
}

function safeRead(): string | null {
  try {
    return sessionStorage.getItem(STORAGE.scrollPositions)
  } catch {
    return null
  }
}

/**
 * Called as a new view comes on screen (in its commit), before its effects mark its entry: the page
 * shown before is gone, so nothing more is recorded for its entry (a Back in between would otherwise
 * file the new page's position under it).
 */
export function leaveShownEntry(): void {
  shownKey = undefined
  poppedSinceShown = false
}

/**
 * Called once the page of a navigation is on screen: marks its entry as the one being scrolled and
 * answers where to scroll — the remembered position after back/forward (or a reload), else nothing;
 * `null` for the view of a navigation a Back or Forward has overtaken (its effects came after the pop,
 * and the popped-to entry's view is on its way): it marks nothing and scrolls nowhere.
 */
export function enterShownEntry(initial: boolean): number | undefined | null {
  if (!initial && poppedSinceShown) return null
  const key = keys.ensureEntryKey()
  shownKey = key
  const navigationType = initial
    ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type
    : undefined
  const wasPop = popTarget === key
  if (wasPop) popTarget = undefined
  const returning = initial ? navigationType === 'back_forward' || navigationType === 'reload' : wasPop
  return returning ? positions.get(key) : undefined
}

type ScrollRestore = typeof import('./scroll-restore.ts')

/** Runs `hold` from scroll-restore.ts (loaded on first need) unless the effect ended meanwhile; returns the cleanup. */
export function restoring(hold: (restore: ScrollRestore) => () => void): () => void {
  let stop: (() => void) | undefined
  let ended = false
  import('./scroll-restore.ts').then(
    (restore) => {
      if (!ended) stop = hold(restore)
    },
    () => undefined,
  )
  return () => {
    ended = true
    stop?.()
  }
}

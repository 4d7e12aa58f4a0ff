/**
 * After a client navigation: scroll (rule 6: to the top, or to the hash anchor; back and forward
 * return to the remembered position), set the title, announce it to screen readers and move focus to
 * the main heading (DESIGN.md section 3).
 */
import { useEffect } from 'react'
import { enterShownEntry, installScrollMemory } from './scroll-memory.ts'

/** Id of the polite live region that announces page titles. */
export const ROUTE_ANNOUNCER_ID = 'route-announcer'

type ScrollRestore = typeof import('./scroll-restore.ts')

/** Runs `hold` from scroll-restore.ts (loaded on first need) unless the effect ended meanwhile; returns the cleanup. */
function restoring(hold: (restore: ScrollRestore) => () => void): () => void {
  let stop: (() => void) | undefined
  let ended = false
  import('./scroll-restore.ts').then((restore) => {
    if (!ended) stop = hold(restore)
  }, () => undefined)
  return () => {
    ended = true
    stop?.()
  }
}

/** Runs the effects for navigation number `seq` (0 is the server-rendered page: only a remembered scroll). */
export function useNavigationEffects(seq: number, title: string | undefined): void {
  useEffect(() => {
    installScrollMemory()
    const remembered = enterShownEntry(seq === 0)
    if (seq === 0) return remembered === undefined ? undefined : restoring((restore) => restore.scrollToWhenPossible(remembered))
    if (title) document.title = title
    const hash = decodeURIComponent(window.location.hash.slice(1))
    let stopRestore: (() => void) | undefined
    let anchored = false
    if (remembered !== undefined) {
      stopRestore = restoring((restore) => restore.scrollToWhenPossible(remembered))
    } else if (hash) {
      // The anchor is held in view while the page's late data renders above it (or until it appears).
      anchored = document.getElementById(hash) !== null
      stopRestore = restoring((restore) => restore.keepAnchorInView(hash).stop)
      if (!anchored) window.scrollTo(0, 0)
    } else {
      window.scrollTo(0, 0)
    }
    const heading = document.querySelector<HTMLElement>('main h1')
    if (heading && !anchored) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    }
    const announcer = document.getElementById(ROUTE_ANNOUNCER_ID)
    if (announcer) announcer.textContent = document.title
    return stopRestore
  }, [seq, title])
}

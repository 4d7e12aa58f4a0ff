/**
 * After a client navigation: scroll (rule 6: to the top, or to the hash anchor; back and forward
 * return to the remembered position), set the title, announce it to screen readers and move focus to
 * the main heading (DESIGN.md section 3).
 */
import { useEffect } from 'react'
import { enterShownEntry, installScrollMemory, keepAnchorInView, scrollToWhenPossible } from './scroll-memory.ts'

/** Id of the polite live region that announces page titles. */
export const ROUTE_ANNOUNCER_ID = 'route-announcer'

/** Runs the effects for navigation number `seq` (0 is the server-rendered page: only a remembered scroll). */
export function useNavigationEffects(seq: number, title: string | undefined): void {
  useEffect(() => {
    installScrollMemory()
    const remembered = enterShownEntry(seq === 0)
    if (seq === 0) return remembered === undefined ? undefined : scrollToWhenPossible(remembered)
    if (title) document.title = title
    const hash = decodeURIComponent(window.location.hash.slice(1))
    let stopRestore: (() => void) | undefined
    let anchored = false
    if (remembered !== undefined) {
      stopRestore = scrollToWhenPossible(remembered)
    } else if (hash) {
      // The anchor is held in view while the page's late data renders above it (or until it appears).
      const held = keepAnchorInView(hash)
      anchored = held.found
      stopRestore = held.stop
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

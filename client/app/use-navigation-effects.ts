/**
 * After a client navigation: scroll to the top or to the hash anchor (rule 6), set the title, announce
 * it to screen readers and move focus to the main heading (DESIGN.md section 3).
 */
import { useEffect } from 'react'

/** Id of the polite live region that announces page titles. */
export const ROUTE_ANNOUNCER_ID = 'route-announcer'

/** Runs the effects for navigation number `seq` (0 is the server-rendered page: nothing to do). */
export function useNavigationEffects(seq: number, title: string | undefined): void {
  useEffect(() => {
    if (seq === 0) return
    if (title) document.title = title
    const hash = decodeURIComponent(window.location.hash.slice(1))
    const anchor = hash ? document.getElementById(hash) : null
    if (anchor) anchor.scrollIntoView()
    else window.scrollTo(0, 0)
    const heading = document.querySelector<HTMLElement>('main h1')
    if (heading && !anchor) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    }
    const announcer = document.getElementById(ROUTE_ANNOUNCER_ID)
    if (announcer) announcer.textContent = document.title
  }, [seq, title])
}

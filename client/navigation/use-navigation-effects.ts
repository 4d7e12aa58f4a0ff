/**
 * After a view is shown: scroll (rule 6: to the top, or to the hash anchor; back and forward return to
 * the remembered position), and after a client navigation set the title, announce it to screen
 * readers and move focus to the main heading (DESIGN.md section 3; client-navigation.ts).
 */
import { useEffect, useLayoutEffect } from 'react'
import { loadedClientNavigation } from './navigation.ts'
import { whenIdleAfter } from '#client/lib/when-idle.ts'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { followEarlyPosition, historyKeys } from './scroll-entry.ts'

/** The scroll memory, once loaded (the layout effect needs it at once). */
let loadedMemory: typeof import('./scroll-memory.ts') | undefined

/**
 * Runs the effects for navigation number `seq`: 0 is the server-rendered page (only a remembered
 * scroll); the views of client navigations take theirs from client-navigation.ts, which showed them.
 * The scroll memory loads on first use: for the server-rendered page in idle time, with its first read
 * of session storage and its `history.replaceState`, none of which hydration needs.
 */
export function useNavigationEffects(seq: number, title: string | undefined): void {
  // The view of a client navigation is on screen from this commit: the entry shown before stops
  // being recorded now, not only when the effects below have run.
  useLayoutEffect(() => {
    if (seq > 0) loadedMemory?.leaveShownEntry()
  }, [seq])
  useEffect(() => {
    let ended = false
    let stop: (() => void) | undefined
    const run = () =>
      void import('./scroll-memory.ts')
        .then(
          (memory) => {
            loadedMemory = memory
            if (ended) return undefined
            memory.installScrollMemory(historyKeys)
            return { memory, remembered: memory.enterShownEntry(seq === 0) }
          },
          () => undefined,
        )
        .then((loaded) => {
          const remembered = loaded?.remembered
          // Ended, or overtaken by a Back or Forward (the popped-to view's effects will run).
          if (ended || remembered === null) return
          if (seq > 0) stop = loadedClientNavigation()?.afterNavigation(title, remembered)
          else if (loaded && remembered !== undefined)
            stop = loaded.memory.restoring((restore) => restore.scrollToWhenPossible(remembered))
        })
    if (seq > 0) run()
    // A reload or a step back or forward restores a position: in the first idle time. After any other
    // load the memory only has to be there before the shopper leaves: at the first scroll, or after the
    // prefetch delay in idle time, so its chunk is not part of the first load.
    const returning = /^(reload|back_forward)$/.test(
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ?? '',
    )
    let started = seq > 0
    const start = () => {
      if (!started) run()
      started = true
    }
    // The first scroll loads the memory; until it has come, the position is followed here, so a tap
    // made meanwhile still leaves a position to come back to.
    const scrolled = () => {
      followEarlyPosition()
      start()
    }
    const cancel = started ? undefined : whenIdleAfter(returning ? 0 : PRELOAD_DELAY_MS, start, 300)
    if (!started) window.addEventListener('scroll', scrolled, { once: true, passive: true })
    return () => {
      ended = true
      window.removeEventListener('scroll', scrolled)
      cancel?.()
      stop?.()
    }
  }, [seq, title])
}

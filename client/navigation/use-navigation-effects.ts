/**
 * After a view is shown: scroll (rule 6: to the top, or to the hash anchor; back and forward return to
 * the remembered position), and after a client navigation set the title, announce it to screen
 * readers and move focus to the main heading (DESIGN.md section 3; client-navigation.ts).
 */
import { useEffect } from 'react'
import { enterShownEntry, installScrollMemory } from './scroll-memory.ts'
import { loadedClientNavigation } from './navigation.ts'

/** Id of the polite live region that announces page titles. */
export const ROUTE_ANNOUNCER_ID = 'route-announcer'

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

/**
 * Runs the effects for navigation number `seq`: 0 is the server-rendered page (only a remembered
 * scroll); the views of client navigations take theirs from client-navigation.ts, which showed them.
 */
export function useNavigationEffects(seq: number, title: string | undefined): void {
  useEffect(() => {
    installScrollMemory()
    const remembered = enterShownEntry(seq === 0)
    if (seq > 0) return loadedClientNavigation()?.afterNavigation(title, remembered)
    return remembered === undefined ? undefined : restoring((restore) => restore.scrollToWhenPossible(remembered))
  }, [seq, title])
}

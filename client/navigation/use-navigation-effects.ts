/**
 * After a view is shown: scroll (rule 6: to the top, or to the hash anchor; back and forward return to
 * the remembered position), and after a client navigation set the title, announce it to screen
 * readers and move focus to the main heading (DESIGN.md section 3; client-navigation.ts).
 */
import { useEffect } from 'react'
import { enterShownEntry, installScrollMemory, restoring } from './scroll-memory.ts'
import { loadedClientNavigation } from './navigation.ts'

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

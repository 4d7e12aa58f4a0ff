/** `useHydrated()`: false on the server and during hydration, true in every later browser render. */
import { useSyncExternalStore } from 'react'

const noopSubscribe = () => () => {}

/**
 * Whether the component may use browser-only state in render. React renders the server value
 * during hydration (so markup matches) and re-renders with `true` right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  )
}

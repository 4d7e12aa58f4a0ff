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

/**
 * `useHydrated()` for browser-only state a component needs only when `needed`: while not needed it
 * answers the server's value, so hydrating the component does not re-render it (and everything below
 * it) right after hydration for nothing. False during hydration; `needed` in every later render.
 */
export function useHydratedFor(needed: boolean): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => needed,
    () => false,
  )
}

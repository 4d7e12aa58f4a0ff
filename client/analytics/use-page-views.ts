/**
 * `usePageViews(routeName, seq)`: one `page_view` per shown view — the first load and every client
 * navigation — carrying the route name of spec section 2 (`error` for error views) and the path.
 */
import { useEffect } from 'react'
import { useAnalytics } from './analytics-provider.tsx'

/** Tracks a page view whenever `seq` (the app's navigation counter) changes. */
export function usePageViews(routeName: string, seq: number): void {
  const { track } = useAnalytics()
  useEffect(() => {
    track('page_view', { route: routeName, path: window.location.pathname })
    // One event per shown view: seq changes exactly once per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq])
}

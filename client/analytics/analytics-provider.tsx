/**
 * `useAnalytics()` gives `track(name, params)` to components. It reads the counter id from the app
 * config. On the server `track` does nothing, and nothing touches window or local storage during render.
 */
import { useContext, useMemo } from 'react'
import { AppContext } from '#client/context/app-context.tsx'
import type { AnalyticsEventName } from './events.ts'
import type { AnalyticsParams } from './params.ts'
import { browserTracker } from './tracker.ts'

/** What `useAnalytics()` gives. */
export interface Analytics {
  /** Records a goal event (browser only; call it from effects and event handlers, never in render). */
  track: (name: AnalyticsEventName, params?: AnalyticsParams) => void
}

function trackerFor(counterId: string | undefined): Analytics {
  return {
    track: (name, params) => {
      if (typeof window === 'undefined') return
      browserTracker(counterId).track(name, params)
    },
  }
}

/** Analytics for a component, with the counter id of the app config (none outside the app). */
export function useAnalytics(): Analytics {
  const counterId = useContext(AppContext)?.config.analyticsCounterId
  return useMemo(() => trackerFor(counterId), [counterId])
}

/**
 * `useAnalytics()` gives `track(name, params)` to components. It reads the counter id from the app
 * config. On the server `track` does nothing, and nothing touches window or local storage during render.
 * The tracker's code loads when it has work: at once with the debug key, or with the
 * first event once there is a counter id and the shopper's consent. Until then events wait here in
 * order, with the time they happened, as the tracker itself would hold them before consent; without a
 * counter id and the debug key an event goes nowhere, as in the tracker.
 */
import { useContext, useMemo } from 'react'
import { STORAGE } from '#shared/cookies.ts'
import { ConfigContext } from '#client/context/app-context.tsx'
import { hasUserAgreement } from '#client/lib/user-agreement.ts'
import type { AnalyticsEventName } from './events.ts'
import { ANALYTICS_HELD_MAX } from './limits.ts'
import type { AnalyticsParams } from './params.ts'

/** What `useAnalytics()` gives. */
export interface Analytics {
  /** Records a goal event (browser only; call it from effects and event handlers, never in render). */
  track: (name: AnalyticsEventName, params?: AnalyticsParams) => void
}

type Call = readonly [
  counterId: string | undefined,
  name: AnalyticsEventName,
  params: AnalyticsParams | undefined,
  at: number,
]

/** Events tracked before the tracker's code was needed or in. */
const waiting: Call[] = []
let trackerModule: Promise<typeof import('./tracker.ts')> | undefined

function debugKeySet(): boolean {
  try {
    return localStorage.getItem(STORAGE.analyticsDebug) === '1'
  } catch {
    return false
  }
}

function track(counterId: string | undefined, name: AnalyticsEventName, params: AnalyticsParams | undefined): void {
  if (import.meta.env.SSR) return
  const debug = debugKeySet()
  if (!counterId && !debug) return
  waiting.push([counterId, name, params, Date.now()])
  if (!debug && !hasUserAgreement(document.cookie)) {
    if (waiting.length > ANALYTICS_HELD_MAX) waiting.shift()
    return
  }
  trackerModule ??= import('./tracker.ts')
  trackerModule.then(
    ({ browserTracker }) => {
      for (const [id, event, eventParams, at] of waiting.splice(0)) browserTracker(id).track(event, eventParams, at)
    },
    () => {
      // Analytics must never break the page: the next event tries again.
      trackerModule = undefined
      if (waiting.length > ANALYTICS_HELD_MAX) waiting.splice(0, waiting.length - ANALYTICS_HELD_MAX)
    },
  )
}

function trackerFor(counterId: string | undefined): Analytics {
  return { track: (name, params) => track(counterId, name, params) }
}

/**
 * Analytics for a component, with the counter id of the app config (none outside the app). It reads
 * the config's context, not the app's: a product card that sends events does not render again when
 * the shopper signs in.
 */
export function useAnalytics(): Analytics {
  const counterId = useContext(ConfigContext)?.analyticsCounterId
  return useMemo(() => trackerFor(counterId), [counterId])
}

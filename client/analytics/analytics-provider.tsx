/**
 * `useAnalytics()` gives `track(name, params)` to components. It reads the counter id from the app
 * config (or from an `AnalyticsProvider` above, e.g. in tests). On the server `track` does nothing,
 * and nothing touches window or local storage during render.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { AppContext } from '#client/context/app-context.tsx'
import type { AnalyticsEventName } from './events.ts'
import type { AnalyticsParams } from './params.ts'
import { browserTracker } from './tracker.ts'

/** What `useAnalytics()` gives. */
export interface Analytics {
  /** Records a goal event (browser only; call it from effects and event handlers, never in render). */
  track: (name: AnalyticsEventName, params?: AnalyticsParams) => void
}

const AnalyticsContext = createContext<Analytics | null>(null)

/** Props of `AnalyticsProvider`. */
export interface AnalyticsProviderProps {
  children: ReactNode
  /** Counter id; default: the app config's `analyticsCounterId`. */
  counterId?: string | undefined
  /** A replacement implementation (tests capture events with it). */
  analytics?: Analytics
}

/** Makes analytics explicit for a subtree (optional: `useAnalytics` falls back to the app config). */
export function AnalyticsProvider({ children, counterId, analytics }: AnalyticsProviderProps) {
  const appCounterId = useContext(AppContext)?.config.analyticsCounterId
  const id = counterId ?? appCounterId
  const value = useMemo(() => analytics ?? trackerFor(id), [analytics, id])
  return <AnalyticsContext.Provider value={value}>{children}</AnalyticsContext.Provider>
}

function trackerFor(counterId: string | undefined): Analytics {
  return {
    track: (name, params) => {
      if (typeof window === 'undefined') return
      browserTracker(counterId).track(name, params)
    },
  }
}

/** Analytics for a component; works inside or outside an `AnalyticsProvider`. */
export function useAnalytics(): Analytics {
  const provided = useContext(AnalyticsContext)
  const counterId = useContext(AppContext)?.config.analyticsCounterId
  const fallback = useMemo(() => trackerFor(counterId), [counterId])
  return provided ?? fallback
}

/** Tracks from code outside React (browser only), with the counter id of the running config. */
export function trackEvent(counterId: string | undefined, name: AnalyticsEventName, params?: AnalyticsParams): void {
  if (typeof window === 'undefined') return
  browserTracker(counterId).track(name, params)
}

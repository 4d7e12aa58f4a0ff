/**
 * Field Web Vitals reporter (decision 032): LCP, INP, CLS, FCP and TTFB from the `web-vitals` library's
 * attribution build, posted to `POST /api/vitals` with `navigator.sendBeacon` when the page is hidden
 * (a tab switch, the app closed, a real navigation away), in one batch per flush.
 *
 * Each value carries the route it was measured on: the landed page's route for LCP, FCP, TTFB and CLS
 * (they describe the document's load), the route on screen when the interaction happened for INP
 * (reported as it grows, so the route is read at once). The batch carries the connection's effective
 * type and a device class from the device's memory and cores. Nothing personal travels: no URL, no
 * query, no id; the attribution is a CSS selector and a phase name, cut to 120 characters. A page
 * view sends at most `MAX_FLUSHES` batches of at most one value per metric.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution'
import type {
  CLSMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
} from 'web-vitals/attribution'
import { matchPath } from '#shared/routing/rules.ts'

/** The storefront's endpoint (server/plugins/web-vitals.ts). */
export const VITALS_PATH = '/api/vitals'
/** Batches one page view sends at most (INP and CLS may grow after the first flush). */
const MAX_FLUSHES = 4

/** One value of the batch. */
export interface VitalItem {
  metric: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB'
  value: number
  route: string
  attribution?: string | undefined
}

/** The batch as the server reads it. */
export interface VitalsBatch {
  connection: string
  device: string
  items: VitalItem[]
}

interface NavigatorHints {
  connection?: { effectiveType?: string }
  deviceMemory?: number
  hardwareConcurrency?: number
}

/** `navigator.connection.effectiveType` (`slow-2g`, `2g`, `3g`, `4g`), `unknown` where the browser has none. */
export function connectionClass(nav: NavigatorHints = navigator as NavigatorHints): string {
  const type = nav.connection?.effectiveType
  return type === 'slow-2g' || type === '2g' || type === '3g' || type === '4g' ? type : 'unknown'
}

/** `low` (≤ 2 GB or ≤ 2 cores), `high` (≥ 8 GB and ≥ 8 cores), `mid` otherwise, `unknown` with neither hint. */
export function deviceClass(nav: NavigatorHints = navigator as NavigatorHints): string {
  const memory = nav.deviceMemory
  const cores = nav.hardwareConcurrency
  if (memory === undefined && cores === undefined) return 'unknown'
  if ((memory !== undefined && memory <= 2) || (cores !== undefined && cores <= 2)) return 'low'
  if ((memory ?? 8) >= 8 && (cores ?? 8) >= 8) return 'high'
  return 'mid'
}

/** The route on screen now, by the route table (`other` for a path that is no route). */
export const routeOnScreen = (): string => matchPath(location.pathname).match?.route.name ?? 'other'

const cut = (text: string | undefined): string | undefined => text?.slice(0, 120)

/** What the attribution build names for a metric: an element's selector, an interaction's longest phase. */
function attributionOf(metric: { name: string; attribution?: unknown }): string | undefined {
  if (metric.name === 'LCP') {
    const a = (metric as LCPMetricWithAttribution).attribution
    const phases = {
      ttfb: a.timeToFirstByte,
      load_delay: a.resourceLoadDelay,
      load: a.resourceLoadDuration,
      render_delay: a.elementRenderDelay,
    }
    const longest = Object.entries(phases).sort((x, y) => y[1] - x[1])[0]![0]
    return cut(`${a.target ?? '-'} ${longest}`)
  }
  if (metric.name === 'INP') {
    const a = (metric as INPMetricWithAttribution).attribution
    const phases = { input_delay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay }
    const longest = Object.entries(phases).sort((x, y) => y[1] - x[1])[0]![0]
    return cut(`${a.interactionType ?? '-'} ${a.interactionTarget ?? '-'} ${longest}`)
  }
  if (metric.name === 'CLS') return cut((metric as CLSMetricWithAttribution).attribution.largestShiftTarget)
  return undefined
}

/** Collects the values and sends them; `send` is `navigator.sendBeacon` (a test passes its own). */
export function createVitalsBatcher(send: (url: string, body: Blob) => boolean, context: Omit<VitalsBatch, 'items'>) {
  const pending = new Map<VitalItem['metric'], VitalItem>()
  let flushes = 0
  return {
    add(item: VitalItem) {
      // The latest value of a metric replaces the earlier one (INP and CLS grow).
      pending.set(item.metric, item)
    },
    flush() {
      if (pending.size === 0 || flushes >= MAX_FLUSHES) return
      flushes++
      const batch: VitalsBatch = { ...context, items: [...pending.values()] }
      pending.clear()
      // text/plain: a simple request; the server parses its JSON.
      send(VITALS_PATH, new Blob([JSON.stringify(batch)], { type: 'text/plain' }))
    },
  }
}

/** Starts the five observers; the landed page's route is `route`. */
export function reportWebVitals(route: string): void {
  const batcher = createVitalsBatcher((url, body) => navigator.sendBeacon(url, body), {
    connection: connectionClass(),
    device: deviceClass(),
  })
  const landed = (metric: { name: string; value: number; attribution?: unknown }) =>
    batcher.add({
      metric: metric.name as VitalItem['metric'],
      value: metric.value,
      route,
      attribution: attributionOf(metric),
    })
  onLCP(landed)
  onFCP(landed)
  onTTFB(landed)
  onCLS(landed)
  // Reported as it grows, so the route on screen is the interaction's.
  onINP(
    (metric) =>
      batcher.add({ metric: 'INP', value: metric.value, route: routeOnScreen(), attribution: attributionOf(metric) }),
    {
      reportAllChanges: true,
    },
  )
  const flush = () => {
    if (document.visibilityState === 'hidden') batcher.flush()
  }
  // The library reports its final values on `visibilitychange` too; these run after its own listeners.
  addEventListener('visibilitychange', () => queueMicrotask(flush))
  addEventListener('pagehide', () => batcher.flush())
}

/**
 * Field Web Vitals (decision 032), the part in the app shell: decides whether this page view is in the
 * sample (`config.vitalsSampleRate`) and, if it is, loads the reporter (`web-vitals.ts` with the
 * `web-vitals` library's attribution build) in the first idle time after the page's `load` event, so
 * that nothing of it is in the first load or its hydration. The library reads LCP, FCP and TTFB from
 * the buffered performance entries, so loading it late loses none of them.
 */
import { whenIdle } from '#client/lib/when-idle.ts'

/** Starts the field reporter for a sampled share of page views; `route` is the landed page's route name (`error` for an error view). */
export function startWebVitals(sampleRate: number, route: string): void {
  if (!(sampleRate > 0) || Math.random() >= sampleRate) return
  const load = () =>
    whenIdle(() => {
      // A chunk that fails to load costs this page view its report, nothing else.
      import('./web-vitals.ts').then((reporter) => reporter.reportWebVitals(route)).catch(() => undefined)
    }, 5_000)
  if (document.readyState === 'complete') load()
  else window.addEventListener('load', load, { once: true })
}

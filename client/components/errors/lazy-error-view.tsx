/**
 * The error views out of the app shell: most visits never show one, so their code loads on demand.
 * The browser loads it before hydrating an error page and before showing an error view after
 * a client navigation, so neither suspends; the server's render waits for it (no Suspense
 * boundary), so its HTML is the same as with a static import.
 */
import { lazy } from 'react'
import type { ErrorViewProps } from './error-views.tsx'
import { renderedByServer } from '../lazy-part.tsx'

let loaded: typeof import('./error-views.tsx') | undefined

/** Loads the error views once; resolves when `ErrorViewPart` can render without suspending. */
export function loadErrorViews(): Promise<unknown> {
  return loaded ? Promise.resolve(loaded) : import('./error-views.tsx').then((module) => (loaded = module))
}

renderedByServer(loadErrorViews)

const LazyErrorView = lazy(() => loadErrorViews().then(() => ({ default: loaded!.ErrorView })))

/** `ErrorView` of error-views.tsx, from the loaded module when it is there. */
export function ErrorViewPart({ status }: ErrorViewProps) {
  const View = loaded?.ErrorView ?? LazyErrorView
  return <View status={status} />
}

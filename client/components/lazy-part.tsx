/**
 * `lazyPart(load)`: a component whose code is a lazy chunk, for a part of the page that only some
 * visitors see (the user menu, the cart button). The server's render waits for the code without a
 * Suspense boundary, so the HTML is what a static import gives; the browser `preload()`s it before
 * hydrating a page on which the server rendered the part (so hydration never waits), and otherwise
 * renders nothing until the code is in (the part then appears, e.g. just after a sign-in).
 */
import { lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react'

/**
 * The loaders of every part the server renders from a lazy chunk (lazy parts, the footer, the error
 * views). The server awaits them all before its first render (`loadServerParts`), so its render never
 * suspends on code and stays with the string renderer (decision 012).
 */
const serverParts = new Set<() => Promise<unknown>>()

/** Registers a loader the server must run before it renders (module scope, once per part); a no-op in the browser. */
export function renderedByServer(load: () => Promise<unknown>): void {
  if (import.meta.env.SSR) serverParts.add(load)
}

/** Loads the code of every registered part; the server calls it once at start. */
export function loadServerParts(): Promise<unknown[]> {
  return Promise.all([...serverParts].map((load) => load()))
}

/** A lazily loaded part and its loader. */
export interface LazyPart<P> {
  Part: (props: P) => ReactNode
  /** Loads the code once; resolves when `Part` renders without waiting. */
  preload: () => Promise<ComponentType<P>>
}

/** Makes a lazy part of the component that `load` resolves to. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  renderedByServer(preload)
  // Rendered by the server only: marked pure, so the browser's build, where nothing renders it, drops it.
  const ServerPart = /* @__PURE__ */ lazy(() => preload().then((component) => ({ default: component })))
  function Part(props: P): ReactNode {
    const [Component, setComponent] = useState(() => loaded)
    useEffect(() => {
      if (!Component)
        preload().then(
          (component) => setComponent(() => component),
          () => undefined,
        )
    }, [Component])
    if (Component) return <Component {...props} />
    // The server's render suspends here until the code is in (no boundary: the shell waits for it).
    return import.meta.env.SSR ? <ServerPart {...props} /> : null
  }
  return { Part, preload }
}

/**
 * `keptHtml(load)`: parts of a page without state whose code the first load does not need. The server
 * renders each part from its module; hydrating, the browser keeps the part's element as the server
 * wrote it (its attributes and a `dangerouslySetInnerHTML` of its very HTML, which hydration leaves
 * untouched, as the footer does) and loads the module only to render a part afresh: on a client
 * navigation, or once the values it shows are no longer those the server rendered.
 *
 * A kept element's links behave as they did in the part: one handler each for the whole element sends
 * a link's event (`data-track`, its parameters as JSON in `data-params`), opens our routes by client
 * navigation as wouter's `Link` does for a plain left click, and prefetches them as `PrefetchLink` does
 * (pointer or focus, 1 s on screen; spec section 2 rule 7), unless the link says `data-prefetch="false"`.
 */
import {
  createElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import type { AnalyticsEventName } from '#client/analytics/events.ts'
import type { AnalyticsParams } from '#client/analytics/params.ts'
import { prefetchInView, usePrefetch } from './prefetch-link.tsx'
import { followPlainClick } from '#client/lib/plain-click.ts'

/** The element of a kept part as the server wrote it, and the values it showed. */
interface Kept {
  tag: string
  props: Record<string, unknown>
  values: readonly unknown[]
}

/** A module of kept parts: each export a component that puts `data-kept={kept}` (its own name) on its root element. */
type PartsModule = Record<string, (props: never) => ReactNode>

export type KeptProps<M extends PartsModule, K extends keyof M> = {
  /** The component of the module that renders the part; its name marks the part's element (`data-kept`), so a page shows it once. */
  part: K & string
  /** Its props, but `kept`: while their values are those the server rendered, its HTML is kept. */
  props: Omit<Parameters<M[K]>[0], 'kept'>
}

/** The server's element `[data-kept=name]`, read only while the page hydrates (no element: undefined). */
function readKept(name: string, values: readonly unknown[]): Kept | undefined {
  if (import.meta.env.SSR || document.documentElement.dataset.hydrated) return undefined
  const element = document.querySelector(`[data-kept="${name}"]`)
  if (!element) return undefined
  const props: Record<string, unknown> = { dangerouslySetInnerHTML: { __html: element.innerHTML } }
  for (const { name: attribute, value } of element.attributes)
    props[attribute === 'class' ? 'className' : attribute] = value
  return { tag: element.localName, props, values }
}

/** A link that opens one of our routes (a same-origin path), as `SmartLink` and wouter's `Link` do. */
const internal = (href: string | null): href is string =>
  href !== null && href.startsWith('/') && !href.startsWith('//')
/** The link of an event's target, if any. */
const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('a') : null)
/** Whether a link prefetches its route (our routes, unless the part turned it off). */
const prefetches = (link: Element | null): link is HTMLAnchorElement =>
  link !== null && internal(link.getAttribute('href')) && link.getAttribute('data-prefetch') !== 'false'

/** Makes the kept parts of module `load`; `load` also runs on the server before it renders a page that shows them. */
export function keptHtml<M extends PartsModule>(load: () => Promise<M>) {
  let module: M | undefined
  let loading: Promise<M> | undefined
  const preload = (): Promise<M> =>
    (loading ??= load().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))

  /** One kept part. */
  function KeptPart<K extends keyof M>({ part, props }: KeptProps<M, K>): ReactNode {
    const values = Object.values(props)
    const [kept] = useState(() => readKept(part, values))
    const [code, setCode] = useState(() => module)
    // The props of one part are written in one place, always in the same order.
    const same = kept !== undefined && kept.values.every((value, index) => value === values[index])
    // New values render afresh; the server's HTML stays until the code for that is in.
    const keep = same || (kept !== undefined && !code)
    const ref = useRef<HTMLElement>(null)
    const { track } = useAnalytics()
    const prefetch = usePrefetch()
    useEffect(() => {
      if (!same && !code)
        preload().then(
          (loaded) => setCode(() => loaded),
          () => undefined,
        )
    }, [same, code])
    useEffect(() => {
      const root = ref.current
      if (!keep || !root) return
      return prefetchInView(
        () => [...root.querySelectorAll('a')].filter(prefetches),
        (link) => prefetch(link.getAttribute('href')!, false),
      )
    }, [keep, prefetch])

    if (keep && kept) {
      const intent = (link: Element | null) => {
        if (prefetches(link)) prefetch(link.getAttribute('href')!, true)
      }
      return createElement(kept.tag, {
        ...kept.props,
        ref,
        onClick: (event: MouseEvent) => {
          const link = linkOf(event.target)
          if (!link) return
          const name = link.dataset.track
          if (name)
            track(
              name as AnalyticsEventName,
              link.dataset.params ? (JSON.parse(link.dataset.params) as AnalyticsParams) : undefined,
            )
          const href = link.getAttribute('href')
          if (internal(href)) followPlainClick(event, href)
        },
        // Again as the pointer moves over a link's parts: the queue prefetches a path once.
        onPointerOver: (event: PointerEvent) => intent(linkOf(event.target)),
        onFocus: (event: FocusEvent) => intent(linkOf(event.target)),
      })
    }
    const Part = (code ?? module)?.[part] as ComponentType<Record<string, unknown>> | undefined
    if (Part) return <Part {...props} kept={part} />
    // The server loads the module before it renders (the page module's `ready`).
    if (import.meta.env.SSR) throw new Error(`kept part ${part} not loaded`)
    return null
  }
  return { KeptPart, preload }
}

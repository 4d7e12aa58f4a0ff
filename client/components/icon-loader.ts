/**
 * Loads the static icons of spec section 7 (`/assets/svg/icons/{project}/{name}.svg`): one fetch per
 * icon (cached), the text sanitised before it is inlined, and a failed load logged with console.warn
 * and remembered as failed (the icon then shows nothing). Browser only; the server never calls it.
 */
import { nextTask } from '#client/lib/next-task.ts'

/** Every icon drawn for the storefront (files in `client/public/assets/svg/icons/aurora/`). */
export const ICON_NAMES = [
  'search',
  'cart',
  'user',
  'heart',
  'heart-filled',
  'location',
  'pin',
  'close',
  'chevron-left',
  'chevron-right',
  'chevron-down',
  'chevron-up',
  'menu',
  'share',
  'star',
  'star-filled',
  'check',
  'info',
  'warning',
  'error',
  'question',
  'plus',
  'minus',
  'trash',
  'card',
  'truck',
  'store',
  'filter',
  'sort',
  'arrow-up',
  'arrow-left',
  'catalog',
  'percent',
  'copy',
  'edit',
  'external',
  'gift',
  'clock',
  'phone',
  'logout',
  'vk',
  'telegram',
  'ok',
] as const

/** A name of an icon file. */
export type IconName = (typeof ICON_NAMES)[number]

/** Where the store serves an icon. */
export const iconUrl = (project: string, name: string): string =>
  `/assets/svg/icons/${encodeURIComponent(project)}/${encodeURIComponent(name)}.svg`

/**
 * Minimal sanitising of our own SVG files before inlining: keeps only the `<svg>` element, drops
 * scripts, foreign objects, event-handler attributes and `javascript:` links. Gives '' for text that
 * is not an SVG document (an HTML error page, for instance).
 */
export function sanitizeSvg(text: string): string {
  const start = text.search(/<svg[\s>]/i)
  const end = text.toLowerCase().lastIndexOf('</svg>')
  if (start < 0 || end < start) return ''
  return text
    .slice(start, end + 6)
    .replace(/<(script|foreignObject|iframe|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|foreignObject|iframe|style)\b[^>]*\/?>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s(?:xlink:)?href\s*=\s*("\s*javascript:[^"]*"|'\s*javascript:[^']*')/gi, '')
}

type Entry = { state: 'loading' } | { state: 'ready'; svg: string } | { state: 'failed' }

/** The icon cache of one browser page: subscribe/snapshot for `useSyncExternalStore`. */
export class IconLoader {
  private readonly entries = new Map<string, Entry>()
  private readonly listeners = new Set<() => void>()

  constructor(private readonly fetchText: (url: string) => Promise<string> = defaultFetchText) {}

  /** The SVG text when loaded, '' when it failed, undefined while unknown or loading. */
  get = (url: string): string | undefined => {
    const entry = this.entries.get(url)
    if (!entry || entry.state === 'loading') return undefined
    return entry.state === 'ready' ? entry.svg : ''
  }

  /** Starts loading an icon once; later calls for the same URL do nothing. */
  load = (url: string): Promise<void> => {
    if (this.entries.has(url)) return Promise.resolve()
    this.entries.set(url, { state: 'loading' })
    // Each fetch starts in a task of its own: starting one costs the main thread a few milliseconds,
    // and the icons of a page, all asked for by the effects of its first commit, would otherwise add
    // up to one long task right after hydration.
    return nextTask()
      .then(() => this.fetchText(url))
      .then((text) => {
        const svg = sanitizeSvg(text)
        if (!svg) throw new Error('not an SVG document')
        this.settle(url, { state: 'ready', svg })
      })
      .catch((error: unknown) => {
        // Spec section 7: a failed icon load is logged and shows nothing.
        console.warn(`[icon] failed to load ${url}:`, error instanceof Error ? error.message : error)
        this.settle(url, { state: 'failed' })
      })
  }

  /** Calls the listener when any icon settles. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private settle(url: string, entry: Entry): void {
    this.entries.set(url, entry)
    for (const listener of this.listeners) listener()
  }
}

async function defaultFetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.text()
}

let browserLoader: IconLoader | undefined

/** The page's icon loader (created on first use in the browser). */
export function iconLoader(): IconLoader {
  browserLoader ??= new IconLoader()
  return browserLoader
}

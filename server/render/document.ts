/** The HTML around the React stream: head tags per route, the data block and the module script. */
import type { PageMeta } from '#shared/routing/types.ts'
import { BOOT_ELEMENT_ID, serializeBootData } from '#client/app/boot.ts'
import { ROUTE_ANNOUNCER_ID } from '#shared/constants.ts'

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The stylesheet a browser without JavaScript adds (a public file: not hashed, cached for an hour). */
export const NO_SCRIPT_CSS = '/assets/no-script.css'

export interface HeadInput {
  meta: PageMeta
  /** Absolute canonical URL. */
  canonicalUrl: string | undefined
  origin: string
  css: readonly string[]
  /** The consent mark script (manifest `consentMark`): classic and render-blocking, before the stylesheets. */
  consentMark: string
  /** The web app manifest (the build's `webManifest`), linked when the build has one. */
  webManifest?: string | undefined
  preloads: readonly string[]
  /**
   * The framework's chunk, one of the preloads, is also an async module script: it evaluates in a task of
   * its own as soon as it arrives, mostly before first paint, instead of with the deferred shell after
   * parsing (decision 032). It imports nothing, so running it early cannot start the app.
   */
  framework?: string
  siteName: string
  /** The first screen's icon symbols, right after `<body>`, outside the React root. */
  inlineIcons?: string
  /**
   * The document comes at once (not streamed): hold the first paint until the parser has reached the
   * data block, which follows the React root and the live region. Chromium's parser otherwise yields partway
   * through a long page, paints the top, and lays out the rest of the page (500-700 elements on a
   * category page) in one task right after first paint (the browser bench's main-thread trace); held,
   * the page is laid out and painted once. A streamed document must not wait for its last part.
   */
  wholeFirstPaint?: boolean
}

/** `<!doctype html>` up to the opening of the React root. */
export function documentHead(input: HeadInput): string {
  const { meta } = input
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Before the stylesheets, so it loads beside them and runs before first paint.
    `<script src="${escapeHtml(input.consentMark)}"></script>`,
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.robots ? `<meta name="robots" content="${escapeHtml(meta.robots)}">` : '',
    input.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">` : '',
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(input.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    input.canonicalUrl ? `<meta property="og:url" content="${escapeHtml(input.canonicalUrl)}">` : '',
    meta.ogImage
      ? `<meta property="og:image" content="${escapeHtml(new URL(meta.ogImage, input.origin).toString())}">`
      : '',
    '<meta name="theme-color" content="#7a1f5c">',
    // No `type`: browsers tell an SVG icon by its content type (the category page's HTML has a budget).
    '<link rel="icon" href="/favicon.svg">',
    input.webManifest ? `<link rel="manifest" href="${escapeHtml(input.webManifest)}">` : '',
    ...input.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    input.wholeFirstPaint ? `<link rel="expect" href="#${BOOT_ELEMENT_ID}" blocking="render">` : '',
    // JavaScript off: shows what works as plain HTML (every tab's section, the lists' GET forms) and
    // hides the buttons that cannot work (client/public/assets/no-script.css).
    `<noscript><link rel="stylesheet" href="${NO_SCRIPT_CSS}"></noscript>`,
    ...input.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    input.framework ? `<script type="module" async src="${escapeHtml(input.framework)}"></script>` : '',
    // JSON-LD is data, not script: the CSP's script-src does not apply and the serializer escapes `<`.
    ...(meta.jsonLd ?? []).map((item) => `<script type="application/ld+json">${serializeBootData(item)}</script>`),
  ]
  return `<!doctype html><html lang="ru"><head>${tags.filter(Boolean).join('')}</head><body>${input.inlineIcons ?? ''}<div id="root">`
}

/** Everything after the React root: the live region, the boot data (serialized: data-block.ts) and the entry module. */
export function documentTail(bootJson: string, entry: string): string {
  return (
    `</div><div id="${ROUTE_ANNOUNCER_ID}" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>` +
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${bootJson}</script>` +
    `<script type="module" src="${escapeHtml(entry)}"></script></body></html>`
  )
}

/** The minimal page bots get for an error status (DESIGN.md section 3). */
export function botErrorBody(status: number, message: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${status}</title></head><body><h1>${status}</h1><p>${escapeHtml(message)}</p></body></html>`
}

/**
 * The string render of a page whose data is loaded (decision 012). A page's loaders finish before its
 * render starts, so the tree renders without suspending, and React's string renderer gives the same
 * HTML as the streaming one for about half the CPU: the streaming renderer encodes its output into
 * 2 KB byte views as it goes, the string renderer concatenates strings once.
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'

/** React's marker of a Suspense boundary left for the browser to render: it suspended or failed here. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

/**
 * The tree's HTML, or `undefined` when part of it suspended (code or data not there yet) or failed:
 * the caller then streams it with `renderToPipeableStream`, which waits for what suspends and reports
 * errors. The string renderer reports nothing itself: it marks a boundary that suspended or failed for
 * the client, and throws when that happens outside any boundary.
 */
export function renderAtOnce(element: ReactNode): string | undefined {
  try {
    const html = renderToString(element)
    return html.includes(CLIENT_RENDERED_BOUNDARY) ? undefined : html
  } catch {
    return undefined
  }
}

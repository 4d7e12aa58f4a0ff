/** Test helper for the design system: a string render inside a router, as the server renders. */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'

/** Renders to an HTML string as the server would, inside a router at `path`. */
export function renderHtml(node: ReactNode, options: { path?: string; search?: string } = {}): string {
  return renderToString(
    <Router ssrPath={options.path ?? '/'} ssrSearch={options.search ?? ''}>
      {node}
    </Router>,
  )
}

/** The boot data the server embeds in the page and the browser reads before hydrating. */
import type { PublicConfig } from '#shared/public-config.ts'
import type { RouteName } from '#shared/routing/routes.ts'
import type { SearchParams } from '#shared/routing/types.ts'
import type { ClientSession } from './app-context.tsx'

/** Id of the `<script type="application/json">` data block. */
export const BOOT_ELEMENT_ID = '__BOOT__'

/** What the page shows: a route, or an error view with its status. */
export type View =
  | {
      kind: 'page'
      route: RouteName
      params: Record<string, unknown>
      search: SearchParams
      blocked?: 'login' | 'store' | undefined
      /** The SWR key (serialized) of each of the route's loaders, by name: the view reads its data through them. */
      keys: Readonly<Record<string, string>>
    }
  | { kind: 'error'; status: number; code?: string | undefined; requestId?: string | undefined; message?: string | undefined }

export interface BootData {
  config: PublicConfig
  session: ClientSession
  view: View
  /** SWR fallback: every loader's result under its serialized key. */
  fallback: Record<string, unknown>
}

/**
 * Serialises boot data for the data block so that no string can close the tag or break the parser:
 * `<`, `>`, `&`, U+2028 and U+2029 become JSON escapes (DESIGN.md section 3).
 */
export function serializeBootData(data: unknown): string {
  // One pass over the text instead of five (the block is tens of kilobytes on list pages).
  return JSON.stringify(data).replace(UNSAFE, (c) => ESCAPES[c]!)
}

const UNSAFE = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

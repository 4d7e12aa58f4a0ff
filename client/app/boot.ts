/** The boot data the server embeds in the page and the browser reads before hydrating. */
import type { PublicConfig } from '#shared/public-config.ts'
import type { View } from '#shared/routing/view.ts'
import type { ClientSession } from '#client/context/app-context.tsx'

export type { View }

/** Id of the `<script type="application/json">` data block. */
export const BOOT_ELEMENT_ID = '__BOOT__'

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
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

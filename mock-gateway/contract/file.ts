/**
 * The committed contract file `docs/gateway-openapi.json`: the generated document, formatted as the
 * repository formats JSON (Prettier), so `npm run contract` and the staleness test agree byte for byte.
 * Used by `scripts/build/contract.mjs` and the tests only (never by the running mock).
 */
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { buildOpenApi } from './openapi.ts'

/** Where the contract is committed. */
export const CONTRACT_FILE = fileURLToPath(new URL('../../docs/gateway-openapi.json', import.meta.url))

/** The text `npm run contract` writes. */
export async function contractFileText(file = CONTRACT_FILE): Promise<string> {
  const options = (await resolveConfig(file)) ?? {}
  return format(JSON.stringify(buildOpenApi('aurora')), { ...options, filepath: file })
}

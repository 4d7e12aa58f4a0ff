/** Queries of editorial content. */
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/content.ts')

/** The cookie policy text. */
export const cookiePolicyQuery = defineQuery('content.cookies', async (api, _args: [], signal) =>
  api.call((await gateway()).getCookiePolicy, { signal }),
)

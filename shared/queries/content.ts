/** Queries of editorial content. */
import { getCookiePolicy } from '../gateway/content.ts'
import { defineQuery } from '../routing/query.ts'

/** The cookie policy text. */
export const cookiePolicyQuery = defineQuery('content.cookies', (api, _args: [], signal) => api.call(getCookiePolicy, { signal }))

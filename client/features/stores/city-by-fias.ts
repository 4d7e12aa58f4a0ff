/**
 * The city of a FIAS id (`/v1/cities/getbyfiasid`): the stored city's or an address suggestion's id
 * named and placed in its region, as the gateway knows it now (a stored name may be stale or missing).
 */
import { getCityByFiasId } from '#shared/gateway/stores.ts'
import { defineQuery } from '#shared/routing/query.ts'

/** One city by its FIAS id; 404 `notFound` for an id the gateway does not know. */
export const cityByFiasIdQuery = defineQuery('cities.byFiasId', async (api, [fiasId]: [string], signal) =>
  api.call(getCityByFiasId, { query: { fiasId }, signal }),
)

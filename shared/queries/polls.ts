/** Feedback polls. */
import { defineQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/polls.ts')

/** A poll with its questions (`/v2/poll/:id`). */
export const pollQuery = defineQuery('polls.get', async (api, [id]: [number], signal) =>
  api.call((await gateway()).getPoll, { params: { id }, signal }),
)

/** Feedback polls. */
import { getPoll } from '../gateway/polls.ts'
import { defineQuery } from '../routing/query.ts'

/** A poll with its questions (`/v2/poll/:id`). */
export const pollQuery = defineQuery('polls.get', (api, [id]: [number], signal) => api.call(getPoll, { params: { id }, signal }))

/** Polls and feedback. */
import { defineEndpoint } from '../api/endpoint.ts'
import { FeedbackResultSchema, FeedbackSchema, PollParamsSchema, PollSchema } from '../models/polls.ts'

/** A poll with its questions. */
export const getPoll = defineEndpoint({
  name: 'polls.get',
  gateway: 'web',
  method: 'GET',
  path: '/v2/poll/:id',
  auth: false,
  params: PollParamsSchema,
  response: PollSchema,
})

/** Sends feedback or poll answers; 409 `alreadyAccepted` for a second one on the same object or poll. */
export const sendFeedback = defineEndpoint({
  name: 'feedback.send',
  gateway: 'web',
  method: 'POST',
  path: '/v2/object/feedback',
  auth: true,
  body: FeedbackSchema,
  response: FeedbackResultSchema,
})

/** Polls (`/v2/poll/:id`) and feedback (`POST /v2/object/feedback`). */
import * as z from 'zod/mini'
import { IdParamSchema, IdSchema } from './common.ts'
import { RatingSchema } from './reviews.ts'
import { REVIEW_PHOTO_BASE64_MAX, REVIEW_PHOTO_TYPES, REVIEW_PHOTOS_MAX } from './values.ts'

/** A question of a poll. */
export const PollQuestionSchema = z.object({
  id: IdSchema,
  text: z.string(),
  kind: z.enum(['single', 'multiple', 'rating', 'text']),
  options: z.array(z.object({ id: IdSchema, text: z.string() })),
  required: z.boolean(),
})
export type PollQuestion = z.infer<typeof PollQuestionSchema>

/** `GET /v2/poll/:id`. */
export const PollSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.nullable(z.string()),
  questions: z.array(PollQuestionSchema),
})
export type Poll = z.infer<typeof PollSchema>

/** Path params of a poll. */
export const PollParamsSchema = z.object({ id: IdParamSchema })

/** Kinds of object feedback is about. */
export const FEEDBACK_OBJECTS = ['goods', 'store', 'order', 'site'] as const

/** Review photo limits (types, count, base64 length). */
export { REVIEW_PHOTO_TYPES, REVIEW_PHOTOS_MAX, REVIEW_PHOTO_BASE64_MAX }

/** A review photo sent inline in the JSON body: base64 bytes, their type and pixel size. */
export const FeedbackPhotoSchema = z.object({
  type: z.enum(REVIEW_PHOTO_TYPES),
  data: z.string().check(z.minLength(1), z.maxLength(REVIEW_PHOTO_BASE64_MAX), z.regex(/^[A-Za-z0-9+/]+={0,2}$/)),
  width: z.int().check(z.positive(), z.maximum(4096)),
  height: z.int().check(z.positive(), z.maximum(4096)),
})
export type FeedbackPhoto = z.infer<typeof FeedbackPhotoSchema>

/**
 * `POST /v2/object/feedback`: a rating and text about an object, or the answers of a poll
 * (`pollId` + `answers`). Feedback with a rating on goods becomes the shopper's review of it.
 * A second feedback on the same object (or poll) answers 409 `alreadyAccepted`.
 */
export const FeedbackSchema = z.object({
  objectType: z.enum(FEEDBACK_OBJECTS),
  /** Goods id, store code, order id; `site` for the site itself. */
  objectId: z.string().check(z.minLength(1)),
  rating: z.optional(RatingSchema),
  text: z.optional(z.string().check(z.maxLength(2000))),
  pros: z.optional(z.string().check(z.maxLength(1000))),
  cons: z.optional(z.string().check(z.maxLength(1000))),
  /** Photos of a goods review. */
  photos: z.optional(z.array(FeedbackPhotoSchema).check(z.maxLength(REVIEW_PHOTOS_MAX))),
  pollId: z.optional(IdSchema),
  answers: z.optional(
    z.array(
      z.object({
        questionId: IdSchema,
        optionIds: z.optional(z.array(IdSchema)),
        text: z.optional(z.string().check(z.maxLength(2000))),
        rating: z.optional(RatingSchema),
      }),
    ),
  ),
})
export type Feedback = z.infer<typeof FeedbackSchema>

/** The accepted feedback. */
export const FeedbackResultSchema = z.object({ id: z.string(), status: z.enum(['accepted', 'moderation']) })

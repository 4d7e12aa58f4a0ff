import * as z from 'zod/mini'

/** The error body every gateway answers with a 4xx/5xx: `{ code, message }` (codes of spec section 8). */
export const GatewayErrorSchema = z.object({
  code: z.string(),
  message: z.optional(z.string()),
  /** Field-level problems of a `validationError`. */
  fields: z.optional(z.record(z.string(), z.string())),
})
export type GatewayError = z.infer<typeof GatewayErrorSchema>

/** Gateway error codes named by spec section 8. */
export const GATEWAY_CODES = [
  'CaptchaError',
  'cardMergeBlocked',
  'incompleteProfile',
  'incomplete_profile_info',
  'unprocessableEntity',
  'alreadyAccepted',
  'emailForbiddenToUse',
  'validationError',
  'user_not_found',
  'profileNotFound',
] as const
/** One of the gateway codes of spec section 8. */
export type GatewayCode = (typeof GATEWAY_CODES)[number]

/**
 * What our own server answers for the login calls it handles itself (DESIGN.md "Sessions"): the
 * gateway's answers without tokens or the one-time login code, which stay in HttpOnly cookies.
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../api/endpoint.ts'
import { OtpCheckSchema } from '../models/auth.ts'
import { PermissionsPatchSchema } from '../models/consents.ts'

/** `POST /{product}-id/v1/auth/otp/check` through our server: only whether the phone has an account. */
export const BffOtpCheckSchema = z.object({ isRegistered: z.boolean() })
export type BffOtpCheck = z.infer<typeof BffOtpCheckSchema>

/**
 * `POST /{product}-id/v1/auth/token` and the registration through our server: the session is now in
 * cookies; this says who signed in, whether the profile is complete, and when to load the profile.
 */
export const BffSessionSchema = z.object({
  userId: z.string(),
  incompleteProfile: z.boolean(),
  /** The configurable delay between the token fetch and the profile load (spec section 9). */
  profileLoadDelayMs: z.int().check(z.nonnegative()),
})
export type BffSession = z.infer<typeof BffSessionSchema>

/** The body of the registration through our server: the login code is added by the server. */
export const BffRegistrationSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  birthDate: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  email: z.optional(z.email()),
  agreementAccepted: z.literal(true),
  permissions: z.optional(PermissionsPatchSchema),
})

/** The sign-out path, for the browser's sign-out that loads this module lazily. */
export { LOGOUT_PATH } from './paths.ts'

/** HttpOnly cookie holding the one-time login code between the code check and the token or registration call. */
export const LOGIN_CODE_COOKIE = 'login_code'
/** The login code works for 10 minutes at most; its cookie lives as long. */
export const LOGIN_CODE_MAX_AGE_S = 600

/** The code check as our server answers it (the login code stays in its HttpOnly cookie). */
export const bffCheckOtp = defineEndpoint({
  name: 'auth.otp.check',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/otp/check',
  auth: false,
  body: OtpCheckSchema,
  response: BffOtpCheckSchema,
})

/** The token fetch as our server answers it: the tokens become cookies, the answer says who signed in. */
export const bffGetTokens = defineEndpoint({
  name: 'auth.token',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/token',
  auth: false,
  body: z.object({}),
  response: BffSessionSchema,
})

/** Registration as our server answers it: the server adds the login code and signs the new account in. */
export const bffRegister = defineEndpoint({
  name: 'profile.register',
  gateway: 'id',
  method: 'POST',
  path: '/v3/profile/register/{product}-id-code',
  auth: false,
  body: BffRegistrationSchema,
  response: BffSessionSchema,
})

/** The query parameter of the main site's profile URL that carries the exchanged cross token. */
export const CROSS_TOKEN_PARAM = 'crossToken'

/** The cross-token exchange as our server answers it: where to send the browser (the main site's profile, signed in). */
export const BffCrossTokenSchema = z.object({ location: z.string().check(z.minLength(1)) })
export type BffCrossToken = z.infer<typeof BffCrossTokenSchema>

/** The cross-token exchange through our server, which adds the session's token (spec section 7). */
export const bffExchangeCrossToken = defineEndpoint({
  name: 'auth.crossToken.exchange',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/cross-token/exchange',
  auth: false,
  body: z.object({}),
  response: BffCrossTokenSchema,
})

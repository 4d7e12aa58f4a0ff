/** Payloads and answers of the id gateway's login calls (spec section 7, `/v1/auth/*`). */
import * as z from 'zod/mini'
import { PhoneSchema, TimestampSchema } from './common.ts'

/** An OTP code: five digits (spec sections 5 and 9). */
export const OtpCodeSchema = z.string().check(z.regex(/^\d{5}$/))

/**
 * `POST /v1/auth/otp`: asks for an SMS code; `captcha-token` (the spec's spelling, section 7) is
 * required while anti-fraud is on, and
 * `fingerprintToken` is the device-fingerprint token of the auth data (spec section 3), when one was got.
 */
export const OtpRequestSchema = z.object({
  aud: z.string().check(z.minLength(1)),
  phone: PhoneSchema,
  'captcha-token': z.optional(z.string().check(z.maxLength(4096))),
  fingerprintToken: z.optional(z.string().check(z.maxLength(512))),
})

/** The OTP attempt: its id and when its code stops working. */
export const OtpAttemptSchema = z.object({
  attemptId: z.string().check(z.minLength(1)),
  expires: TimestampSchema,
})
export type OtpAttempt = z.infer<typeof OtpAttemptSchema>

/** `POST /v1/auth/otp/check`: verifies the code of an attempt. */
export const OtpCheckSchema = z.object({
  aud: z.string().check(z.minLength(1)),
  phone: PhoneSchema,
  attemptId: z.string().check(z.minLength(1)),
  code: OtpCodeSchema,
})

/** A verified code: the one-time login code (`{product}IDCode` on the wire) and whether the phone has an account. */
export const OtpCheckResultSchema = z.object({
  idCode: z.string().check(z.minLength(1)),
  isRegistered: z.boolean(),
})

/** The 400 `wrongCode` answer carries how many tries the attempt has left. */
export const WrongCodeErrorSchema = z.object({
  code: z.literal('wrongCode'),
  message: z.optional(z.string()),
  attemptsLeft: z.int().check(z.nonnegative()),
})

/** `POST /v1/auth/token`: trades the one-time login code for tokens. */
export const TokenRequestSchema = z.object({
  aud: z.string().check(z.minLength(1)),
  idCode: z.string().check(z.minLength(1)),
})

/** `POST /v1/auth/token/refresh`: trades a refresh token (single use) for a new pair. */
export const RefreshRequestSchema = z.object({
  aud: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
})

/** An access token (a JWT) and its refresh token; `expiresIn` is the access token's life in seconds. */
export const TokenPairSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  expiresIn: z.optional(z.int().check(z.positive())),
})
export type TokenPair = z.infer<typeof TokenPairSchema>

/** `POST /v1/auth/cross-token/exchange`: trades the session for a short-lived token of another audience (the main site). */
export const CrossTokenRequestSchema = z.object({
  token: z.string().check(z.minLength(1)),
  aud: z.string().check(z.minLength(1)),
})

/** The exchanged token, valid for `aud` until `expires`. */
export const CrossTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  aud: z.string(),
  expires: TimestampSchema,
})

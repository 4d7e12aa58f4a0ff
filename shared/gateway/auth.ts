/** Id gateway: OTP login, tokens and the cross-site token exchange (spec section 7). */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  CrossTokenRequestSchema,
  CrossTokenSchema,
  OtpAttemptSchema,
  OtpCheckResultSchema,
  OtpCheckSchema,
  OtpRequestSchema,
  RefreshRequestSchema,
  TokenPairSchema,
  TokenRequestSchema,
} from '../models/auth.ts'

/** Sends an SMS code; 422 `unprocessableEntity` past 3 requests per phone a minute, 400 `CaptchaError` without a captcha under anti-fraud. */
export const requestOtp = defineEndpoint({
  name: 'auth.otp.request',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/otp',
  auth: false,
  body: OtpRequestSchema,
  response: OtpAttemptSchema,
  bff: true,
})

/** Verifies the code: 400 `wrongCode` (with `attemptsLeft`), 422 `attemptExpired` once expired or after 5 wrong codes. */
export const checkOtp = defineEndpoint({
  name: 'auth.otp.check',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/otp/check',
  auth: false,
  body: OtpCheckSchema,
  response: OtpCheckResultSchema,
  productCode: true,
  bff: true,
})

/** Trades the one-time login code of a registered phone for tokens (the code works once). */
export const getTokens = defineEndpoint({
  name: 'auth.token',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/token',
  auth: false,
  body: TokenRequestSchema,
  response: TokenPairSchema,
  productCode: true,
  bff: true,
})

/** Rotates the tokens: the refresh token works once; a used, revoked or unknown one answers 401. */
export const refreshTokens = defineEndpoint({
  name: 'auth.token.refresh',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/token/refresh',
  auth: false,
  body: RefreshRequestSchema,
  response: TokenPairSchema,
  bff: true,
})

/** Trades the session for a short-lived token of another audience (the main site). */
export const exchangeCrossToken = defineEndpoint({
  name: 'auth.crossToken.exchange',
  gateway: 'id',
  method: 'POST',
  path: '/v1/auth/cross-token/exchange',
  auth: true,
  body: CrossTokenRequestSchema,
  response: CrossTokenSchema,
  bff: true,
})

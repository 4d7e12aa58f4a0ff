/** The `user_agreement` cookie of DESIGN.md section 2: read and written in the browser only. */
import { COOKIE } from '#shared/cookies.ts'
import { COOKIE_MAX_AGE_S } from '#shared/constants.ts'

/** Window event the cookie banner dispatches once the shopper accepts (the store prompt waits for it). */
export const USER_AGREEMENT_EVENT = 'aurora:user-agreement'

/** The cookie string that records the agreement (Path=/, SameSite=Lax, one year; Secure over HTTPS). */
export function userAgreementCookie(options: { secure: boolean; domain?: string | undefined }): string {
  return [
    `${COOKIE.userAgreement}=1`,
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    ...(options.domain ? [`Domain=${options.domain}`] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/** Whether a `document.cookie` string holds the agreement. */
export function hasUserAgreement(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${COOKIE.userAgreement}=1`)
}

/**
 * The profile link of a signed-in shopper (spec section 7): our server exchanges the session for a
 * cross token of the main site, and the browser opens the main site's profile signed in with it.
 */
import type { ApiClient } from '#shared/api/client.ts'
import { AppError, userMessage } from '#shared/api/errors.ts'

/** What the profile link does next. */
export type ProfileLinkOutcome =
  | { kind: 'open'; location: string }
  /** The profile must be completed first (422 `incompleteProfile`). */
  | { kind: 'complete-profile'; message: string }
  /** The session's profile is gone (`profileNotFound`) or the session expired: sign in again. */
  | { kind: 'signed-out'; message: string }
  /** Any other failure: the main site's profile without the token (it asks the shopper to sign in). */
  | { kind: 'open-plain' }

/**
 * Exchanges the cross token and says where to go; never throws. The endpoint definition (and zod with
 * its schemas) loads on the first click (decision 007): the user menu is part of the app shell, and a
 * static import put zod/mini, the auth models and the common kit into the first load of every page.
 */
export async function profileLink(api: ApiClient): Promise<ProfileLinkOutcome> {
  try {
    const { bffExchangeCrossToken } = await import('#shared/auth/bff.ts')
    const { location } = await api.call(bffExchangeCrossToken, { body: {} })
    return { kind: 'open', location }
  } catch (error) {
    const code = error instanceof AppError ? error.gatewayCode : undefined
    if (code === 'incompleteProfile') return { kind: 'complete-profile', message: userMessage(error) }
    if (code === 'profileNotFound' || (error instanceof AppError && error.status === 401))
      return { kind: 'signed-out', message: userMessage(error) }
    console.warn('[auth] cross-token exchange failed', error instanceof Error ? error.message : error)
    return { kind: 'open-plain' }
  }
}

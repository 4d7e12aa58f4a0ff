/** Sign-out: the server clears the session cookies; the browser forgets its personal data. */
import { mutate } from 'swr'
import { forgetKept } from '#client/features/offline/kept-data.ts'
import { clearLastAttempt } from './last-attempt.ts'

/** SWR key names of the account data shown by this feature. */
export const PERSONAL_QUERY_NAMES: readonly string[] = ['profile.get', 'permissions.get', 'subscription.status']

/** Drops the account data from the SWR cache (sign-out, a session that ended). */
export async function forgetPersonalData(): Promise<void> {
  await mutate((key) => Array.isArray(key) && PERSONAL_QUERY_NAMES.includes(String(key[0])), undefined, {
    revalidate: false,
  })
}

/** Signs out; resolves once the cookies are cleared. Throws when the server could not be reached. */
export async function signOut(): Promise<void> {
  const { LOGOUT_PATH } = await import('#shared/auth/bff.ts')
  const response = await fetch(LOGOUT_PATH, { method: 'POST' })
  if (!response.ok) throw new Error(`sign-out answered ${response.status}`)
  clearLastAttempt()
  // The card and passes kept for the till (the answer's Clear-Site-Data "storage" drops them too).
  await forgetKept()
  await forgetPersonalData()
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { signUser } from '#server/session/signed-user.ts'

const SECRET = 's'.repeat(32)
const SESSION_ID = '0123456789abcdef0123456789abcdef'
const IN_A_MONTH = Math.floor(Date.now() / 1000) + 30 * 24 * 3600
/** A session user value signed for `userId` in this session (its id and refresh token) until `expiresAt`. */
const sessionUser = (userId: string, key = SECRET, expiresAt = IN_A_MONTH, refreshToken = `R-${userId}`) =>
  signUser(key, userId, { sessionId: SESSION_ID, refreshToken }, expiresAt)
/** The cookies a sign-in leaves for `userId`: the tokens, the session id, page script's user id, the signed session user. */
const signedIn = (userId: string) =>
  `access_token=header.payload.signature; refresh_token=R-${userId}; session_id=${SESSION_ID}; user_id=${userId}; session_user=${sessionUser(userId)}`

// The harness configures ECOM_USER_IDS=100001 (the seed's e-commerce shopper).
let stack: TestApp

beforeAll(async () => {
  stack = await startTestApp({
    env: { ECOM_USER_IDS: '100001,100777', SESSION_SECRET: SECRET },
    mock: { config: { logLevel: 'silent' } },
  })
})

afterAll(async () => {
  await stack.close()
})

/** The JSON data block of a page (boot config, session, view, fallback). */
const dataBlock = (html: string) => /<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''

describe('the e-commerce id list stays on the server', () => {
  it.each([
    ['an anonymous visitor', ''],
    ['a signed-in shopper with e-commerce', signedIn('100001')],
    ['a signed-in shopper without e-commerce', signedIn('100002')],
  ])('never sends the list to %s', async (_who, cookie) => {
    const page = await stack.request('/cookie-policy', { headers: cookie ? { cookie } : {} })
    expect(page.status).toBe(200)
    expect(dataBlock(page.body)).toContain('"config"')
    expect(page.body).not.toContain('ecomUserIds')
    expect(page.body).not.toContain('100777')
  })

  it('tells the page only whether e-commerce is on for this session', async () => {
    const page = await stack.request('/cookie-policy', {
      headers: { cookie: signedIn('100001') },
    })
    expect(dataBlock(page.body)).toMatch(/"ecomEnabled":true/)
  })

  it("answers GET /api/session with the server's e-commerce decision for a listed shopper", async () => {
    const response = await stack.request('/api/session', {
      headers: { cookie: signedIn('100001') },
    })
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(JSON.parse(response.body)).toEqual({
      authorized: true,
      userId: '100001',
      incompleteProfile: false,
      ecomEnabled: true,
    })
  })

  it('answers GET /api/session with e-commerce off for a shopper who is not listed, and for an anonymous visitor', async () => {
    const other = await stack.request('/api/session', {
      headers: { cookie: signedIn('100002') },
    })
    expect(JSON.parse(other.body)).toMatchObject({ authorized: true, userId: '100002', ecomEnabled: false })
    const anonymous = await stack.request('/api/session', { headers: { cookie: 'user_id=100001' } })
    expect(JSON.parse(anonymous.body)).toEqual({ authorized: false, incompleteProfile: false, ecomEnabled: false })
    expect(anonymous.body).not.toContain('100777')
  })

  it.each([
    ['a user_id cookie written by page script', 'access_token=x; user_id=100001'],
    [
      'a session user signed with another key',
      `access_token=x; refresh_token=R-100001; session_id=${SESSION_ID}; session_user=${sessionUser('100001', 'k'.repeat(32))}`,
    ],
    [
      'a signed session user moved to another id',
      `access_token=x; refresh_token=R-100001; session_id=${SESSION_ID}; session_user=${sessionUser('100002').replace('100002', '100001')}`,
    ],
    // Decision 026: the value is bound to its session and has an end.
    [
      "another shopper's session user beside one's own tokens",
      `access_token=x; refresh_token=R-100003; session_id=${SESSION_ID}; session_user=${sessionUser('100001')}`,
    ],
    [
      'a session user of another session id',
      `access_token=x; refresh_token=R-100001; session_id=${'f'.repeat(32)}; session_user=${sessionUser('100001')}`,
    ],
    [
      'an expired session user',
      `access_token=x; refresh_token=R-100001; session_id=${SESSION_ID}; session_user=${sessionUser('100001', SECRET, Math.floor(Date.now() / 1000) - 1)}`,
    ],
    [
      'a session user with its end moved later',
      `access_token=x; refresh_token=R-100001; session_id=${SESSION_ID}; session_user=${sessionUser('100001').replace(`.${IN_A_MONTH}.`, `.${IN_A_MONTH + 1}.`)}`,
    ],
    [
      'a session user of the old format (user id and mac only)',
      `access_token=x; refresh_token=R-100001; session_id=${SESSION_ID}; session_user=100001.${sessionUser('100001').split('.').pop()}`,
    ],
  ])('never turns e-commerce on from %s', async (_what, cookie) => {
    const response = await stack.request('/api/session', { headers: { cookie } })
    expect(JSON.parse(response.body)).toMatchObject({ authorized: true, ecomEnabled: false })
    expect(JSON.parse(response.body).userId).toBeUndefined()
  })
})

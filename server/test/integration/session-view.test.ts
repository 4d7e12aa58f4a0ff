import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { signUser } from '#server/session/signed-user.ts'

const SECRET = 's'.repeat(32)
/** The cookies a sign-in leaves for `userId`: the token, page script's user id, the signed session user. */
const signedIn = (userId: string) =>
  `access_token=header.payload.signature; user_id=${userId}; session_user=${signUser(SECRET, userId)}`

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
      `access_token=x; user_id=100001; session_user=${signUser('k'.repeat(32), '100001')}`,
    ],
    [
      'a signed session user moved to another id',
      `access_token=x; session_user=${signUser(SECRET, '100002').replace('100002', '100001')}`,
    ],
  ])('never turns e-commerce on from %s', async (_what, cookie) => {
    const response = await stack.request('/api/session', { headers: { cookie } })
    expect(JSON.parse(response.body)).toMatchObject({ authorized: true, ecomEnabled: false })
    expect(JSON.parse(response.body).userId).toBeUndefined()
  })
})

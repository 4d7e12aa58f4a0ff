import { beforeEach, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from './gateway.ts'
import { call } from './testing.ts'

let gateway: MockGateway
beforeEach(async () => {
  gateway = await createMockGateway()
})

describe('a method a known path does not take', () => {
  it('answers 405 with Allow listing the methods the path takes', async () => {
    const answer = await call(gateway, 'GET', '/aurora-id/v1/auth/otp')
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('POST')
    expect(answer.body).toMatchObject({
      code: 'methodNotAllowed',
      allow: ['POST'],
      message: expect.stringContaining('POST'),
    })
  })

  it('lists every method of a path that takes several', async () => {
    const answer = await call(gateway, 'PUT', '/webgate/v1/cart')
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD'])
  })

  it('answers HEAD where GET is, without a body', async () => {
    const answer = await call(gateway, 'HEAD', '/webgate/v2/goods/10001')
    expect(answer.status).toBe(200)
    expect(answer.body).toBeUndefined()
  })

  it('still answers 404 noMatch for a path nothing answers', async () => {
    const answer = await call(gateway, 'GET', '/webgate/v9/nothing')
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('noMatch')
  })
})

import { readFile } from 'node:fs/promises'
import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call, signIn } from '../testing.ts'
import { createConformance } from './conformance.ts'
import { CONTRACT_FILE, contractFileText } from './file.ts'
import { buildOpenApi } from './openapi.ts'

/** The error codes of spec section 8 ("Codes in response data"). */
const SPEC_CODES = [
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
]

const doc = buildOpenApi('aurora')

describe('the gateway contract', () => {
  it('is committed up to date in docs/gateway-openapi.json (run `npm run contract`)', async () => {
    expect(await readFile(CONTRACT_FILE, 'utf8')).toBe(await contractFileText())
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('has one operation per catalogue call, named by its endpoint', () => {
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((operation) => operation.operationId),
    )
    expect(operations.sort()).toEqual(ENDPOINTS.map((def) => def.name).sort())
    const otp = (doc.paths['/aurora-id/v1/auth/otp/check'] as Record<string, any>).post
    expect(Object.keys(otp.requestBody.content['application/json'].schema.properties)).toContain('phone')
    const check = (doc.paths['/aurora-id/v1/auth/token'] as Record<string, any>).post
    expect(check.requestBody.content['application/json'].schema.required).toContain('auroraIDCode')
    const goods = (doc.paths['/webgate/v2/goods/{id}'] as Record<string, any>).get
    expect(goods.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })])
    const orders = (doc.paths['/webgate/v1/orders'] as Record<string, any>).get
    expect(orders.security).toEqual([{ bearer: [] }])
    expect(orders.responses['401'].content['application/json'].schema.properties.code.enum).toEqual(['unauthorized'])
  })

  it('names every error code of spec section 8', () => {
    const text = JSON.stringify(doc)
    for (const code of SPEC_CODES) expect(text).toContain(`"${code}"`)
  })

  it('is served at GET /__mock/openapi.json for the mock brand', async () => {
    const gateway = await createMockGateway({ config: { product: 'zarya' } })
    const served = await call(gateway, 'GET', '/__mock/openapi.json')
    expect(served.status).toBe(200)
    expect(Object.keys(served.body.paths)).toContain('/zarya-id/v1/auth/otp')
  })
})

describe('mock answers conform to the contract', () => {
  const check = createConformance(doc)
  let gateway: MockGateway
  let token: string
  beforeAll(async () => {
    gateway = await createMockGateway()
    token = (await signIn(gateway, '79000000001')).accessToken
  })

  it.each([
    ['GET', '/webgate/v2/goods/10001', false],
    ['GET', '/webgate/v2/goods/999999', false],
    ['GET', '/webgate/v2/goods/search?categoryId=999', false],
    ['GET', '/webgate/v2/goods/search?q=крем&sort=price-desc', false],
    ['GET', '/webgate/v1/orders', false],
    ['GET', '/webgate/v1/orders', true],
    ['GET', '/webgate/v1/orders/o-1', true],
    ['GET', '/webgate/v1/payment-methods', true],
    ['GET', '/webgate/v1/checkout', true],
    ['GET', '/aurora-id/v1/profile', true],
    ['GET', '/webgate/v1/cosmetic-aurora/main-page/brands', false],
    ['GET', '/webgate/v3/categories/store?storeCode=NOPE', false],
  ] as const)('%s %s (token: %s)', async (method, path, withToken) => {
    const answer = await call(gateway, method, path, withToken ? { token } : {})
    expect(check(method, new URL(path, 'http://x').pathname, answer.status, answer.body)).toEqual([])
  })

  it('spec section 8 answers: a wrong e-mail, a bad phone, an incomplete profile', async () => {
    const email = await call(gateway, 'PATCH', '/aurora-id/v1/profile', {
      token,
      body: { email: 'x@mailinator.com' },
    })
    expect(email.status).toBe(422)
    expect(check('PATCH', '/aurora-id/v1/profile', email.status, email.body)).toEqual([])
    const bad = await call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone: '1' } })
    expect(bad.status).toBe(400)
    expect(check('POST', '/aurora-id/v1/auth/otp', bad.status, bad.body)).toEqual([])
    const second = (await signIn(gateway, '79000000002')).accessToken
    const bunch = await call(gateway, 'GET', '/aurora-id/v1/keeperid/bunch', { token: second })
    expect(bunch.body.code).toBe('incomplete_profile_info')
    expect(check('GET', '/aurora-id/v1/keeperid/bunch', bunch.status, bunch.body)).toEqual([])
  })

  it('catches an answer that drifted from the contract', () => {
    expect(check('GET', '/webgate/v2/goods/10001', 200, { id: 'not a number' })).not.toEqual([])
    expect(check('GET', '/aurora-id/v1/keeperid/bunch', 422, { code: 'somethingElse' })).not.toEqual([])
  })
})

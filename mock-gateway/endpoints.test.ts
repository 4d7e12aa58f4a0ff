/**
 * One table over the whole endpoint catalogue: every endpoint, called through the shared API client
 * with sample input (and a token where needed), answers data that passes its shared schema, and every
 * raw answer conforms to the published OpenAPI contract (docs/gateway-openapi.json).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyEndpoint } from '#shared/api/endpoint.ts'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { createConformance } from './contract/conformance.ts'
import { buildOpenApi } from './contract/openapi.ts'
import { createMockGateway, type MockGateway } from './gateway.ts'
import { SEED_USERS } from './seed/users.ts'
import { call, testClient } from './testing.ts'

interface Context {
  gateway: MockGateway
  token: string
  refreshToken: string
  attemptId: string
  idCode: string
}

type Sample = (ctx: Context) => Promise<Record<string, unknown>> | Record<string, unknown>

const phone = SEED_USERS.complete.phone

/** A fresh, verified login code for a phone nobody registered yet. */
async function newcomerIdCode(ctx: Context): Promise<string> {
  const newcomer = '79990001122'
  const otp = await call(ctx.gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: DEFAULT_AUD, phone: newcomer } })
  const check = await call(ctx.gateway, 'POST', '/aurora-id/v1/auth/otp/check', {
    body: { aud: DEFAULT_AUD, phone: newcomer, attemptId: otp.body.attemptId, code: '12345' },
  })
  return check.body.auroraIDCode
}

/** Sample input per endpoint name, in catalogue order (state-changing calls run in this order). */
const SAMPLES: Record<string, Sample> = {
  'auth.otp.request': () => ({ body: { aud: DEFAULT_AUD, phone } }),
  'auth.otp.check': (ctx) => ({ body: { aud: DEFAULT_AUD, phone, attemptId: ctx.attemptId, code: '12345' } }),
  'auth.token': (ctx) => ({ body: { aud: DEFAULT_AUD, idCode: ctx.idCode } }),
  'auth.token.refresh': (ctx) => ({ body: { aud: DEFAULT_AUD, refreshToken: ctx.refreshToken } }),
  'auth.crossToken.exchange': (ctx) => ({ body: { token: ctx.token, aud: 'aurora-main-site' } }),
  'profile.get': () => ({}),
  'profile.update': () => ({ body: { firstName: 'Анна', email: 'anna.new@example.ru' } }),
  'profile.register': async (ctx) => ({
    body: { idCode: await newcomerIdCode(ctx), firstName: 'Олег', birthDate: '1985-02-03', agreementAccepted: true },
  }),
  'profile.bunch': () => ({}),
  'permissions.get': () => ({}),
  'permissions.update': () => ({ body: { isEmailPermitted: false, isPushMassPermitted: true } }),
  'subscription.status': () => ({}),
  'content.cookies': () => ({}),
  'content.build': () => ({ query: { timestamp: 1_700_000_000_000 } }),
  'content.icon': () => ({ params: { project: 'aurora', name: 'cart' } }),
  'articles.list': () => ({ query: { page: 1, pageSize: 5 } }),
  'articles.get': () => ({ params: { id: 3 } }),
  'mainPage.adfox': () => ({}),
  'mainPage.ticker': () => ({}),
  'mainPage.brands': () => ({}),
  'mainPage.giftPackages': () => ({}),
  'mainPage.categories': () => ({}),
  'mainPage.specialOffers': () => ({}),
  'mainPage.exclusiveWithUs': () => ({}),
  'mainPage.newArrival': () => ({}),
  'mainPage.articles': () => ({}),
  'mainPage.publications': () => ({}),
  'mainPage.publication': () => ({ params: { id: 2 } }),
  'categories.store': () => ({ query: { storeCode: 'AU-SPB-002' } }),
  'catalog.promosAndDiscounts': () => ({}),
  'catalog.brandedCategories': () => ({}),
  'goods.get': () => ({ params: { id: 900001 } }),
  'goods.search': () => ({
    query: {
      q: 'крем',
      categoryId: 1,
      brand: ['severnaya-rosa', 'barkhat'],
      inStock: true,
      sort: 'price-desc',
      page: 1,
    },
  }),
  'goods.filters': () => ({ query: { categoryId: 4 } }),
  'promotions.categories': () => ({}),
  'promotions.list': () => ({ query: { categoryId: 2, page: 1, pageSize: 5 } }),
  'promotions.item': () => ({ query: { id: 7 } }),
  'promotions.types': () => ({}),
  'promos.mp': () => ({ query: { placement: 'main-slider' } }),
  'suggestions.get': () => ({ query: { q: 'шамп' } }),
  'suggestions.popular': () => ({}),
  'stores.byAddress': () => ({ query: { q: 'Невский' } }),
  'stores.geo': () => ({ query: { lat: 59.93, lon: 30.31 } }),
  'stores.search': () => ({ query: { lat: 55.75, lon: 37.62, pageSize: 5 } }),
  'cities.byFiasId': () => ({ query: { fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9' } }),
  'cities.list': () => ({}),
  'stores.byCode': () => ({ query: { code: 'AU-KZN-001' } }),
  'favorites.list': () => ({}),
  'favorites.add': () => ({ body: { goodsId: 10010 } }),
  'favorites.delete': () => ({ body: { goodsId: 10003 } }),
  'reviews.scores': () => ({ params: { id: 10002 } }),
  'reviews.media': () => ({ query: { objectId: 10002 } }),
  'reviews.list': () => ({ query: { objectId: 10002, sort: 'rating-desc' } }),
  'reviews.userInfo': () => ({ query: { objectId: 10001 } }),
  'polls.get': () => ({ params: { id: 1 } }),
  'feedback.send': () => ({ body: { objectType: 'goods', objectId: '10001', rating: 5, text: 'Отличный крем' } }),
  'cart.get': () => ({}),
  'cart.add': () => ({ body: { goodsId: 10020, quantity: 2 } }),
  'cart.setQuantity': () => ({ params: { goodsId: 10020 }, body: { quantity: 1 } }),
  'cart.remove': () => ({ params: { goodsId: 10090 } }),
  'cart.clear': () => ({}),
  'checkout.get': () => ({}),
  'checkout.delivery': () => ({ body: { deliveryType: 'pickup', storeCode: 'AU-MSK-002' } }),
  'checkout.payment': () => ({ body: { paymentMethodId: 'pm-2' } }),
  'checkout.deliverySlots': () => ({ query: { cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9' } }),
  'checkout.placeOrder': async (ctx) => {
    const client = testClient(ctx.gateway, () => ctx.token)
    await call(ctx.gateway, 'POST', '/webgate/v1/cart/items', {
      token: ctx.token,
      body: { goodsId: 10030, quantity: 1 },
    })
    const cart = await client.call((await import('#shared/gateway/cart.ts')).getCart)
    return { body: { cartVersion: cart.version, idempotencyKey: 'table-test-order-1' } }
  },
  'orders.list': () => ({ query: { page: 1, pageSize: 3 } }),
  'orders.get': () => ({ params: { id: 'o-1' } }),
  'orders.cancel': () => ({ params: { id: 'o-6' } }),
  'orders.active': () => ({}),
  'orders.poll': () => ({ query: { since: 0 } }),
  'paymentMethods.list': () => ({}),
  'paymentMethods.cardSession': () => ({ body: { returnUrl: '/ecom/cards' } }),
  'paymentMethods.sbpBanks': () => ({}),
  'paymentMethods.addSbp': () => ({ body: { bankId: 'volga' } }),
  'paymentMethods.rename': () => ({ params: { id: 'pm-1' }, body: { name: 'Основная' } }),
  'paymentMethods.setDefault': () => ({ params: { id: 'pm-2' } }),
  'paymentMethods.delete': () => ({ params: { id: 'pm-3' } }),
}

describe('every catalogue endpoint', () => {
  const ctx = { token: '', refreshToken: '', attemptId: '', idCode: '' } as Context
  const results = new Map<string, unknown>()
  const exchanges: Promise<{ method: string; path: string; status: number; body: unknown }>[] = []
  const observe = (request: Request, response: Response) => {
    exchanges.push(
      response.text().then((text) => ({
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      })),
    )
  }

  beforeAll(async () => {
    ctx.gateway = await createMockGateway({ checkAnswers: true })
  })

  it('has a sample for every endpoint and no sample without one', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(ENDPOINTS.map((def) => def.name).sort())
  })

  it.each(ENDPOINTS.map((def) => [def.name, def] as [string, AnyEndpoint]))(
    '%s answers data of its schema',
    async (name, def) => {
      const sample = SAMPLES[name]
      if (!sample) throw new Error(`no sample for ${name}`)
      const client = testClient(ctx.gateway, () => ctx.token, observe)
      const answer = await client.call(def, await sample(ctx))
      expect(answer).toBeDefined()
      results.set(name, answer)
      const data = answer as Record<string, string>
      if (name === 'auth.otp.request') ctx.attemptId = data.attemptId as string
      if (name === 'auth.otp.check') ctx.idCode = data.idCode as string
      if (name === 'auth.token' || name === 'auth.token.refresh') {
        ctx.token = data.accessToken as string
        ctx.refreshToken = data.refreshToken as string
      }
    },
  )

  it('answered every call as the OpenAPI contract says', async () => {
    const check = createConformance(buildOpenApi(ctx.gateway.state.config.product))
    const seen = await Promise.all(exchanges)
    expect(seen.length).toBeGreaterThanOrEqual(ENDPOINTS.length)
    expect(seen.flatMap(({ method, path, status, body }) => check(method, path, status, body))).toEqual([])
  })

  it('renamed the login code from the wire field auroraIDCode', () => {
    expect(results.get('auth.otp.check')).toMatchObject({ isRegistered: true, idCode: expect.any(String) })
  })
})

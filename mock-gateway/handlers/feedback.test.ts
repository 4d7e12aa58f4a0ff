import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../gateway.ts'
import { SEED_USERS } from '../seed/users.ts'
import { call, signIn } from '../testing.ts'

/** One pixel of PNG, base64. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

async function annaSession() {
  const gateway = await createMockGateway({ checkAnswers: true })
  const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
  const as = (method: string, path: string, body?: unknown) =>
    call(gateway, method, `/webgate${path}`, { token: accessToken, body })
  return { gateway, as }
}

describe('goods reviews (POST /v2/object/feedback)', () => {
  it("keeps the rating, pros, cons, text and photos as the shopper's own review in moderation", async () => {
    const { as } = await annaSession()
    const before = (await as('GET', '/v1/listing/user-reviews-and-object-info?objectId=10003')).body
    expect(before).toMatchObject({ userReview: null, canReview: true })
    const sent = await as('POST', '/v2/object/feedback', {
      objectType: 'goods',
      objectId: '10003',
      rating: 4,
      text: 'Хороший крем',
      pros: 'Запах',
      cons: 'Цена',
      photos: [{ type: 'image/png', data: PIXEL, width: 1, height: 1 }],
    })
    expect(sent).toMatchObject({ status: 200, body: { status: 'moderation' } })
    const after = (await as('GET', '/v1/listing/user-reviews-and-object-info?objectId=10003')).body
    expect(after.canReview).toBe(false)
    expect(after.userReview).toMatchObject({
      rating: 4,
      text: 'Хороший крем',
      pros: 'Запах',
      cons: 'Цена',
      status: 'moderation',
      authorName: 'Анна',
    })
    expect(after.userReview.photos).toEqual([
      { url: `data:image/png;base64,${PIXEL}`, width: 1, height: 1, alt: 'Фото 1 к отзыву' },
    ])
    // In moderation: not in the public list yet.
    const list = (await as('GET', '/v1/listing/object-reviews?objectId=10003')).body
    expect(list.items.some((review: { text: string }) => review.text === 'Хороший крем')).toBe(false)
    expect(
      await as('POST', '/v2/object/feedback', { objectType: 'goods', objectId: '10003', rating: 5, text: 'Ещё' }),
    ).toMatchObject({ status: 409, body: { code: 'alreadyAccepted' } })
  })

  it('refuses photos of other types, too many photos, and a review without a rating or session', async () => {
    const { gateway, as } = await annaSession()
    const photo = { type: 'image/png', data: PIXEL, width: 1, height: 1 }
    expect(
      (
        await as('POST', '/v2/object/feedback', {
          objectType: 'goods',
          objectId: '10004',
          rating: 5,
          photos: [{ ...photo, type: 'image/gif' }],
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await as('POST', '/v2/object/feedback', {
          objectType: 'goods',
          objectId: '10004',
          rating: 5,
          photos: [photo, photo, photo, photo],
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await as('POST', '/v2/object/feedback', {
          objectType: 'goods',
          objectId: '10004',
          rating: 5,
          photos: [{ ...photo, data: 'not base64!' }],
        })
      ).status,
    ).toBe(400)
    expect(
      await as('POST', '/v2/object/feedback', { objectType: 'goods', objectId: '10004', text: 'Без оценки' }),
    ).toMatchObject({ status: 400, body: { fields: { rating: 'Поставьте оценку' } } })
    expect(
      (
        await call(gateway, 'POST', '/webgate/v2/object/feedback', {
          body: { objectType: 'goods', objectId: '10004', rating: 5 },
        })
      ).status,
    ).toBe(401)
  })
})

describe('feedback polls (/v2/poll/:id)', () => {
  it('answers the poll, checks required questions and keeps one answer per shopper', async () => {
    const { as } = await annaSession()
    const poll = (await as('GET', '/v2/poll/1')).body
    expect(poll.questions.map((q: { kind: string }) => q.kind)).toEqual(['rating', 'multiple', 'text'])
    expect(
      await as('POST', '/v2/object/feedback', {
        objectType: 'site',
        objectId: 'site',
        pollId: 1,
        answers: [{ questionId: 3, text: 'Поиск' }],
      }),
    ).toMatchObject({ status: 400, body: { fields: { answers: 'Ответьте на вопрос «Оцените удобство сайта»' } } })
    const answers = [
      { questionId: 1, rating: 5 },
      { questionId: 2, optionIds: [1, 3] },
      { questionId: 3, text: 'Больше фото' },
    ]
    expect(
      await as('POST', '/v2/object/feedback', { objectType: 'site', objectId: 'site', pollId: 1, answers }),
    ).toMatchObject({ status: 200, body: { status: 'accepted' } })
    expect(
      await as('POST', '/v2/object/feedback', { objectType: 'site', objectId: 'site', pollId: 1, answers }),
    ).toMatchObject({ status: 409, body: { code: 'alreadyAccepted' } })
    expect((await as('GET', '/v2/poll/99')).status).toBe(404)
  })
})

describe('promotion item (/v2/promotions/item)', () => {
  it('carries the card of the goods it is about', async () => {
    const { as } = await annaSession()
    const first = (await as('GET', '/v1/promotions?pageSize=1')).body.items[0]
    const promo = (await as('GET', `/v2/promotions/item?id=${first.id}`)).body
    expect(promo.goodsId).not.toBeNull()
    expect(promo.goods).toMatchObject({
      id: promo.goodsId,
      inStock: expect.any(Boolean),
      brand: { name: expect.any(String) },
    })
    const goods = (await as('GET', `/v2/goods/${promo.goodsId}`)).body
    expect(promo.goods.name).toBe(goods.name)
  })
})

import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import { queryBool, queryIdList, queryList } from './common.ts'
import { CONSENT_CHANNELS, DEFAULT_PERMISSIONS, PermissionsSchema } from './consents.ts'
import { GoodsAnswerSchema, GoodsSearchQuerySchema, isRedirect } from './goods.ts'
import { SUBSCRIPTION_STATES, isSubscribed } from './subscription.ts'

describe('query readers', () => {
  it.each([
    ['a', ['a']],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
  ])('reads %j as the list %j', (input, expected) => {
    expect(safeParse(queryList(), input).data).toEqual(expected)
  })

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    [true, true],
  ])('reads %j as %s', (input, expected) => {
    expect(safeParse(queryBool(), input).data).toBe(expected)
  })

  it('reads repeated ids and refuses non-ids', () => {
    expect(safeParse(queryIdList(), ['3', '4']).data).toEqual([3, 4])
    expect(safeParse(queryIdList(), 'x').success).toBe(false)
  })

  it('turns a goods search query string into typed values', () => {
    const parsed = safeParse(GoodsSearchQuerySchema, {
      q: 'крем',
      categoryId: '11',
      brand: 'barkhat',
      inStock: 'true',
      priceMax: '900',
      page: '2',
    })
    expect(parsed.data).toEqual({
      q: 'крем',
      categoryId: 11,
      brand: ['barkhat'],
      inStock: true,
      priceMax: 900,
      page: 2,
    })
    expect(safeParse(GoodsSearchQuerySchema, { sort: 'cheapest' }).success).toBe(false)
  })
})

describe('goods answers', () => {
  it('tells a redirect from goods', () => {
    const redirect = safeParse(GoodsAnswerSchema, { redirect: { location: '/product/900006-x', permanent: true } })
    expect(redirect.success && isRedirect(redirect.data)).toBe(true)
  })
})

describe('consents and subscription', () => {
  it('maps all eight channel keys to distinct permission flags', () => {
    const flags = Object.values(CONSENT_CHANNELS)
    expect(new Set(flags).size).toBe(8)
    expect(Object.keys(PermissionsSchema.shape).sort()).toEqual([...flags].sort())
  })

  it('has SMS on and everything else off by default', () => {
    expect(
      Object.entries(DEFAULT_PERMISSIONS)
        .filter(([, on]) => on)
        .map(([flag]) => flag),
    ).toEqual(['isSmsPermitted'])
  })

  it.each(
    SUBSCRIPTION_STATES.map(
      (state) => [state, ['subscribed', 'trialPeriod', 'scheduledForCancellation'].includes(state)] as const,
    ),
  )('counts %s as subscribed: %s', (state, expected) => {
    expect(isSubscribed(state)).toBe(expected)
  })
})

/** The promotions catalogue and promo banners. */
import type { HttpHandler } from 'msw'
import {
  getPromoBanners,
  getPromotion,
  getPromotionCategories,
  getPromotionTypes,
  listPromotions,
} from '#shared/gateway/promotions.ts'
import { PROMOTION_TYPES, type Promotion, type PromotionCard, type PromotionType } from '#shared/models/promotions.ts'
import { notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { findGoods, goodsCard, paginate } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Russian names of promotion kinds. */
export const PROMOTION_TYPE_NAMES: Record<PromotionType, string> = {
  discount: 'Скидки',
  gift: 'Подарки',
  bundle: '1+1',
  cashback: 'Кешбэк баллами',
  loyalty: 'По карте лояльности',
}

const card = ({
  description: _d,
  conditions: _c,
  images: _i,
  goods: _goods,
  ageRestricted: _a,
  ...rest
}: Promotion): PromotionCard => rest

/** Handlers of `/v*\/promotions*` and `/v1/promos/mp`. */
export function promotionHandlers(state: MockState): HttpHandler[] {
  const active = () => {
    const now = new Date(state.clock.now()).toISOString()
    return state.db.promotions.findMany().filter((p) => p.startsAt <= now && p.endsAt > now)
  }
  // Which promotions are running changes only when one starts or ends: lists hold until the next such instant.
  const clockBound = {
    keptUntil: ({ now }: { now: number }) => {
      let next = Infinity
      for (const { startsAt, endsAt } of state.db.promotions.findMany())
        for (const at of [Date.parse(startsAt), Date.parse(endsAt)]) if (at > now && at < next) next = at
      return next
    },
  }
  return [
    mockEndpoint(
      state,
      getPromotionCategories,
      () => {
        const promotions = active()
        return {
          items: state.db.promotionCategories
            .findMany()
            .map((c) => ({ ...c, count: promotions.filter((p) => p.categoryId === c.id).length })),
        }
      },
      clockBound,
    ),
    mockEndpoint(
      state,
      listPromotions,
      ({ query }) => {
        const items = active()
          .filter(
            (p) =>
              (query.categoryId === undefined || p.categoryId === query.categoryId) &&
              (!query.type || p.type === query.type),
          )
          .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.id - b.id)
        return paginate(items.map(card), query.page, query.pageSize ?? 24)
      },
      clockBound,
    ),
    mockEndpoint(
      state,
      getPromotion,
      ({ query }) => {
        const promotion = state.db.promotions.findFirst((q) => q.where({ id: query.id }))
        if (!promotion) return notFound('Акция не найдена')
        // The goods card depends on the goods collection: any change of it empties the answer cache.
        const goods = promotion.goodsId === null ? undefined : findGoods(state, promotion.goodsId)
        return { ...promotion, goods: goods ? goodsCard(goods) : null }
      },
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getPromotionTypes,
      () => {
        const promotions = active()
        return {
          items: PROMOTION_TYPES.map((type) => ({
            type,
            name: PROMOTION_TYPE_NAMES[type],
            count: promotions.filter((p) => p.type === type).length,
          })),
        }
      },
      clockBound,
    ),
    mockEndpoint(
      state,
      getPromoBanners,
      ({ query }) => ({
        items: state.db.banners.findMany().filter((b) => !query.placement || b.placement === query.placement),
      }),
      CACHEABLE,
    ),
  ]
}

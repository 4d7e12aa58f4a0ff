/** Home page blocks. */
import type { HttpHandler } from 'msw'
import {
  getAdSlots,
  getExclusiveWithUs,
  getGiftPackages,
  getMainArticles,
  getMainBrands,
  getMainCategories,
  getNewArrival,
  getPublication,
  getPublications,
  getSpecialOffers,
  getTicker,
} from '#shared/gateway/main-page.ts'
import type { ArticleCard } from '#shared/models/content.ts'
import type { ArticleRecord, PublicationRecord } from '../db/schemas.ts'
import { sortGoods } from '../domain/catalog.ts'
import { notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { goodsCard, goodsCards } from '../http/views.ts'
import { AD_SLOTS, TICKER } from '../seed/static-content.ts'
import type { MockState } from '../state.ts'

const BLOCK_SIZE = 12

/** The card of an article record. */
export const articleCard = ({ author: _a, sections: _s, goodsIds: _g, ...card }: ArticleRecord): ArticleCard => card

const publicationCard = ({ sections: _s, goodsIds: _g, ...card }: PublicationRecord) => card

/** Handlers of `/v1/cosmetic-{product}/main-page/*`. */
export function mainPageHandlers(state: MockState): HttpHandler[] {
  const inStock = () => state.db.goods.findMany((q) => q.where({ inStock: true }))
  return [
    mockEndpoint(state, getAdSlots, () => AD_SLOTS, CACHEABLE),
    mockEndpoint(state, getTicker, () => TICKER, CACHEABLE),
    mockEndpoint(
      state,
      getMainBrands,
      () => {
        const counts = new Map<number, number>()
        for (const goods of state.db.goods.findMany()) counts.set(goods.brand.id, (counts.get(goods.brand.id) ?? 0) + 1)
        const items = state.db.brands.findMany().map((brand) => ({ ...brand, goodsCount: counts.get(brand.id) ?? 0 }))
        return {
          title: 'Популярные бренды',
          items: items.sort((a, b) => b.goodsCount - a.goodsCount || a.id - b.id).slice(0, BLOCK_SIZE),
        }
      },
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getGiftPackages,
      () => ({
        title: 'Подарочные наборы',
        url: '/catalog/64-podarochnye-nabory',
        items: sortGoods(
          inStock().filter((g) => g.categoryId === 64),
          'popular',
        )
          .slice(0, BLOCK_SIZE)
          .map(goodsCard),
      }),
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getMainCategories,
      () => {
        const counts = new Map<number, number>()
        const categories = state.db.categories.findMany()
        const parentOf = new Map(categories.map((c) => [c.id, c.parentId]))
        for (const goods of state.db.goods.findMany()) {
          const group = parentOf.get(goods.categoryId) ?? goods.categoryId
          counts.set(group, (counts.get(group) ?? 0) + 1)
        }
        return {
          title: 'Каталог',
          items: categories
            .filter((c) => c.parentId === null)
            .map((c) => ({ id: c.id, name: c.name, slug: c.slug, image: c.image, goodsCount: counts.get(c.id) ?? 0 })),
        }
      },
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getSpecialOffers,
      () => ({
        title: 'Специальные предложения',
        url: '/search?discounted=1&sort=discount',
        items: sortGoods(
          inStock().filter((g) => g.oldPrice !== undefined && !g.ageRestricted),
          'discount',
        )
          .slice(0, BLOCK_SIZE)
          .map(goodsCard),
      }),
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getExclusiveWithUs,
      () => ({
        title: 'Только у нас',
        url: '/search?label=exclusive',
        items: sortGoods(
          inStock().filter((g) => g.exclusive),
          'popular',
        )
          .slice(0, BLOCK_SIZE)
          .map(goodsCard),
      }),
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getNewArrival,
      () => ({
        title: 'Новинки',
        url: '/search?sort=new',
        items: sortGoods(
          inStock().filter((g) => !g.ageRestricted),
          'new',
        )
          .slice(0, BLOCK_SIZE)
          .map(goodsCard),
      }),
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getMainArticles,
      () => ({
        title: 'Полезные статьи',
        items: state.db.articles
          .findMany()
          .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
          .slice(0, 6)
          .map(articleCard),
      }),
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getPublications,
      () => ({
        title: 'Популярное',
        items: state.db.publications.findMany().map(publicationCard),
      }),
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getPublication,
      ({ params }) => {
        const record = state.db.publications.findFirst((q) => q.where({ id: params.id }))
        if (!record) return notFound('Подборка не найдена')
        return { ...publicationCard(record), sections: record.sections, goods: goodsCards(state, record.goodsIds) }
      },
      CACHEABLE,
    ),
  ]
}

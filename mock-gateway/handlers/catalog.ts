/** The category tree, promo tiles and branded categories. */
import type { HttpHandler } from 'msw'
import { getBrandedCategories, getPromosAndDiscounts, getStoreCategories } from '#shared/gateway/catalog.ts'
import type { CategoryNode } from '#shared/models/catalog.ts'
import { availableInStore } from '../domain/catalog.ts'
import { notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import type { MockState } from '../state.ts'

/** Handlers of the catalogue structure calls. */
export function catalogHandlers(state: MockState): HttpHandler[] {
  return [
    mockEndpoint(
      state,
      getStoreCategories,
      ({ query }) => {
        const store = query.storeCode
          ? state.db.stores.findFirst((q) => q.where({ code: query.storeCode as string }))
          : undefined
        if (query.storeCode && !store) return notFound('Магазин не найден')
        const counts = new Map<number, number>()
        for (const goods of state.db.goods.findMany()) {
          if (store && !availableInStore(goods, store)) continue
          counts.set(goods.categoryId, (counts.get(goods.categoryId) ?? 0) + 1)
        }
        const categories = state.db.categories.findMany()
        const items: CategoryNode[] = categories
          .filter((c) => c.parentId === null)
          .map((group) => {
            const children = categories
              .filter((c) => c.parentId === group.id)
              .map((c) => ({ ...c, goodsCount: counts.get(c.id) ?? 0 }))
            return { ...group, goodsCount: children.reduce((sum, c) => sum + c.goodsCount, 0), children }
          })
        return { storeCode: store?.code ?? null, items }
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      getPromosAndDiscounts,
      () => {
        const groups = state.db.categories.findMany((q) => q.where({ parentId: (id) => id === null }))
        const tiles = groups.map((group, index) => ({
          id: index + 1,
          title: `Скидки: ${group.name.toLowerCase()}`,
          subtitle: 'Лучшие предложения недели',
          image: group.image,
          url: `/catalog/${group.id}-${group.slug}?sort=discount`,
          badge: `до −${30 + index * 5}%`,
        }))
        const promo = {
          id: tiles.length + 1,
          title: 'Все акции',
          subtitle: 'Подарки, 1+1 и кешбэк',
          image: groups[0]?.image ?? tiles[0]!.image,
          url: '/promo-catalog',
          badge: undefined,
        }
        return { items: [...tiles, promo] }
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      getBrandedCategories,
      () => {
        const categories = new Map(state.db.categories.findMany().map((c) => [c.id, c]))
        const perBrand = new Map<number, Map<number, number>>()
        for (const goods of state.db.goods.findMany()) {
          const counts = perBrand.get(goods.brand.id) ?? new Map<number, number>()
          counts.set(goods.categoryId, (counts.get(goods.categoryId) ?? 0) + 1)
          perBrand.set(goods.brand.id, counts)
        }
        return {
          items: state.db.brands.findMany().map((brand) => ({
            brand: { id: brand.id, name: brand.name, slug: brand.slug },
            logo: brand.logo,
            categories: [...(perBrand.get(brand.id) ?? new Map<number, number>())]
              .flatMap(([id, goodsCount]) => {
                const category = categories.get(id)
                return category ? [{ id, name: category.name, slug: category.slug, goodsCount }] : []
              })
              .sort((a, b) => b.goodsCount - a.goodsCount),
          })),
        }
      },
      CACHEABLE,
    ),
  ]
}

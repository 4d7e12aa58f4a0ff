/** Head and data of the site-level pages: home, cookie policy, search, registration, incomplete profile. */
import { SITE_NAME } from '../constants.ts'
import { switchLayout } from '../keyboard-layout.ts'
import { definePage } from '../routing/define-page.ts'
import type { SearchParams } from '../routing/types.ts'
import { optional } from '../routing/query.ts'
import {
  goodsListArgs,
  goodsListQuery,
  hasFilters,
  listStateFromSearch,
  searchCategoriesQuery,
  searchCategoryOf,
} from '../queries/catalog.ts'
import {
  adSlotsQuery,
  exclusiveQuery,
  giftPackagesQuery,
  mainArticlesQuery,
  mainBrandsQuery,
  mainCategoriesQuery,
  newArrivalQuery,
  publicationsQuery,
  specialOffersQuery,
  tickerQuery,
} from '../queries/main-page.ts'
import { bannersQuery } from '../queries/promotions.ts'
import { pageDescription, pageTitle } from './seo.ts'
import { cookiePolicyQuery } from '../queries/content.ts'
import { popularSuggestionsQuery } from '../queries/search.ts'
import { profileQuery } from '../queries/profile.ts'

/** Home page (`main`): every block is optional, a failed one is left out. */
export const mainPage = definePage('main', {
  loaders: () => ({
    ticker: optional(tickerQuery()),
    slider: optional(bannersQuery('main-slider')),
    popular: optional(publicationsQuery()),
    specials: optional(specialOffersQuery()),
    categories: optional(mainCategoriesQuery()),
    newArrival: optional(newArrivalQuery()),
    loyalty: optional(bannersQuery('loyalty')),
    exclusive: optional(exclusiveQuery()),
    gifts: optional(giftPackagesQuery()),
    articles: optional(mainArticlesQuery()),
    brands: optional(mainBrandsQuery()),
    bottomSlider: optional(bannersQuery('bottom-slider')),
    registration: optional(bannersQuery('registration')),
    ads: optional(adSlotsQuery()),
  }),
  meta: () => ({
    title: `${SITE_NAME} — косметика и товары для дома`,
    description:
      'Косметика, парфюмерия и товары для дома по выгодным ценам. Акции, новинки и популярные товары в магазинах Аврора.',
    canonicalPath: '/',
    ogType: 'website',
  }),
})

/** Cookie policy (`cookie-policy`): title 'Cookies на {site}' (spec section 2). */
export const cookiePolicyPage = definePage('cookie-policy', {
  loaders: () => ({ policy: cookiePolicyQuery() }),
  meta: () => ({
    title: `Cookies на ${SITE_NAME}`,
    description: 'Сайт использует файлы cookie, чтобы запоминать данные для входа и ваши настройки.',
  }),
})

/** The text of a search URL (`?q=`), trimmed and capped. */
export const searchTextOf = (search: SearchParams): string => {
  const raw = search.q
  return (typeof raw === 'string' ? raw : Array.isArray(raw) ? (raw[0] ?? '') : '').trim().slice(0, 200)
}

/** Whether a search URL asks for goods: a text, a filter or a sort (the home blocks' «Смотреть все» links have no text). */
export const searchHasCriteria = (search: SearchParams): boolean => {
  const state = listStateFromSearch(search)
  return Boolean(searchTextOf(search)) || hasFilters(state) || state.sort !== undefined
}

/**
 * The text whose goods the search page shows: the typed one, or the same keys in the other keyboard
 * layout when the typed text finds nothing and that one finds goods («rhtv» → «крем»).
 */
export function shownSearchText(
  q: string,
  goods: { total: number } | undefined,
  switched: { total: number } | undefined,
): string {
  const other = q ? switchLayout(q) : undefined
  return other && goods?.total === 0 && switched !== undefined && switched.total > 0 ? other : q
}

/**
 * Search results (`search`): goods by text, filters or sort (and list state); an empty search has
 * the popular searches («Часто ищут») in its HTML, so they never pop in late; never indexed.
 */
export const searchPage = definePage<
  'search',
  {
    goods?: ReturnType<typeof goodsListQuery>
    switched?: ReturnType<typeof goodsListQuery>
    categories?: ReturnType<typeof searchCategoriesQuery>
    popular?: ReturnType<typeof popularSuggestionsQuery>
  }
>('search', {
  loaders: (ctx) => {
    const q = searchTextOf(ctx.search)
    const state = listStateFromSearch(ctx.search)
    if (!searchHasCriteria(ctx.search)) return { popular: optional(popularSuggestionsQuery()) }
    // The text in the other keyboard layout is searched beside it, shown when the text finds nothing.
    const switched = q ? switchLayout(q) : undefined
    // Narrowed to a category, the chips still come from the whole search's first page (UX3-18).
    const categoryId = searchCategoryOf(ctx.search)
    return {
      goods: goodsListQuery(goodsListArgs(state, { q, categoryId })),
      ...(q
        ? {
            categories: optional(
              searchCategoriesQuery(goodsListArgs(categoryId === undefined ? state : { ...state, page: 1 }, { q })),
            ),
          }
        : {}),
      ...(switched ? { switched: optional(goodsListQuery(goodsListArgs(state, { q: switched }))) } : {}),
    }
  },
  meta: (ctx, data) => {
    const q = shownSearchText(searchTextOf(ctx.search), data.goods, data.switched)
    const goods = q === searchTextOf(ctx.search) ? data.goods : data.switched
    return {
      title: q ? pageTitle(`«${q}» — поиск`) : `Поиск — ${SITE_NAME}`,
      description: pageDescription(
        q && goods
          ? `Найдено ${goods.total} товаров по запросу «${q}» в каталоге Аврора.`
          : 'Поиск товаров, брендов и категорий в каталоге Аврора.',
      ),
      canonicalPath: '/search',
      robots: 'noindex, follow',
    }
  },
})

/** Registration (`registration`). */
export const registrationPage = definePage('registration', {
  meta: () => ({
    title: `Регистрация — ${SITE_NAME}`,
    description: 'Личные данные для регистрации в программе лояльности Аврора.',
    robots: 'noindex',
  }),
})

/** Incomplete profile (`profile-incomplete`): the profile prefills the form (optional: the form works without it). */
export const incompleteProfilePage = definePage('profile-incomplete', {
  loaders: () => ({ profile: optional(profileQuery()) }),
  meta: () => ({
    title: `Заполните профиль — ${SITE_NAME}`,
    description: 'Заполните недостающие данные профиля, чтобы продолжить.',
    robots: 'noindex',
  }),
})

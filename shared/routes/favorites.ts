/** Head and data of the favorites page (personal: never cached, never indexed). */
import { SITE_NAME } from '../constants.ts'
import { favoritesQuery } from '../queries/favorites.ts'
import { definePage } from '../routing/define-page.ts'

/** Favorites (`favorites`): the ids load with the page; each card reads its goods. */
export const favoritesPage = definePage('favorites', {
  loaders: () => ({ favorites: favoritesQuery() }),
  meta: () => ({
    title: `Избранное — ${SITE_NAME}`,
    description: 'Избранные товары в интернет-магазине Аврора.',
    robots: 'noindex, nofollow',
  }),
})

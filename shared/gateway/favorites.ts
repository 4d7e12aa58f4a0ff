/** Favorite goods of the signed-in shopper. */
import { defineEndpoint } from '../api/endpoint.ts'
import { FavoriteChangeSchema, FavoritesSchema } from '../models/favorites.ts'

/** The favorite goods ids. */
export const listFavorites = defineEndpoint({
  name: 'favorites.list',
  gateway: 'web',
  method: 'GET',
  path: '/api/v1/goods/favorites',
  auth: true,
  response: FavoritesSchema,
})

/** Adds goods to favorites (adding twice is harmless); 404 `notFound` for unknown goods. */
export const addFavorite = defineEndpoint({
  name: 'favorites.add',
  gateway: 'web',
  method: 'POST',
  path: '/api/v1/goods/add',
  auth: true,
  body: FavoriteChangeSchema,
  response: FavoritesSchema,
})

/** Removes goods from favorites (removing an absent one is harmless). */
export const deleteFavorite = defineEndpoint({
  name: 'favorites.delete',
  gateway: 'web',
  method: 'POST',
  path: '/api/v1/goods/delete',
  auth: true,
  body: FavoriteChangeSchema,
  response: FavoritesSchema,
})

/** Favorite goods of the signed-in shopper (`/api/v1/goods/*`). */
import * as z from 'zod/mini'
import { IdSchema } from './common.ts'

/** `POST /api/v1/goods/add` and `/api/v1/goods/delete`. */
export const FavoriteChangeSchema = z.object({ goodsId: IdSchema })

/** The shopper's favorite goods ids, most recently added first (every favorites call answers it). */
export const FavoritesSchema = z.object({ goodsIds: z.array(IdSchema) })
export type Favorites = z.infer<typeof FavoritesSchema>

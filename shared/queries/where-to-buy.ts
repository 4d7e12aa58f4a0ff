/**
 * «Где купить сегодня»: a page of stores near the shopper and the goods' units in each, in two calls:
 * `/v1/store-search` (by the point, or by the city) and one `/v2/goods/:id/stock` for the whole page
 * (`/geo` first when the device knows neither a point nor a city). Which of them to show is the
 * browser's business (client/features/product/where-to-buy-rows.ts).
 */
import type { StoreWithDistance } from '../models/stores.ts'
import { defineQuery } from '../routing/query.ts'

/** Stores asked about in one page (and so in one stock call). */
export const WHERE_TO_BUY_PAGE = 20

/** Where the shopper is, as far as the device knows: a point (geolocation allowed), else the stored city. */
export interface WhereToBuyArgs {
  goodsId: number
  point?: { lat: number; lon: number } | undefined
  cityFiasId?: string | undefined
}

/** The page of stores (nearest first with a point, by name in a city) and units per store code. */
export interface WhereToBuyData {
  stores: StoreWithDistance[]
  units: Record<string, number>
  /** Whether `distanceMeters` is real (a point was given). */
  measured: boolean
}

/** The stores near the shopper and the goods' units in each. */
export const whereToBuyQuery = defineQuery(
  'goods.whereToBuy',
  async (api, [args]: [WhereToBuyArgs], signal): Promise<WhereToBuyData> => {
    const { searchStores, guessCity } = await import('../gateway/stores.ts')
    const { getGoodsStock } = await import('../gateway/goods.ts')
    let cityFiasId = args.cityFiasId
    if (!args.point && !cityFiasId) cityFiasId = (await api.call(guessCity, { query: {}, signal })).city.fiasId
    const page = await api.call(searchStores, {
      query: args.point
        ? { lat: args.point.lat, lon: args.point.lon, pageSize: WHERE_TO_BUY_PAGE }
        : { cityFiasId, pageSize: WHERE_TO_BUY_PAGE },
      signal,
    })
    if (page.items.length === 0) return { stores: [], units: {}, measured: Boolean(args.point) }
    const stock = await api.call(getGoodsStock, {
      params: { id: args.goodsId },
      query: { storeCode: page.items.map((store) => store.code) },
      signal,
    })
    const units: Record<string, number> = {}
    for (const item of stock.items) units[item.storeCode] = item.quantity
    return { stores: page.items, units, measured: Boolean(args.point) }
  },
)

/**
 * «Где купить сегодня»: a page of stores near the shopper and the goods' units in each, in two calls:
 * `/v1/store-search` (by the point, or by the city) and one `/v2/goods/:id/stock` for the whole page
 * (`/geo` first when the device knows neither a point nor a city). The stock call is the storefront's
 * own (the spec does not list it): a gateway without it (404, 501) gets the spec's
 * `/v2/goods/search?storeCode=…&id=…` per store instead, which says whether a store has the goods but
 * not how many (decision 030). Which stores to show is the browser's business
 * (client/features/product/where-to-buy-rows.ts).
 */
import { AppError } from '../api/errors.ts'
import type { ApiClient } from '../api/client.ts'
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

/**
 * The page of stores (nearest first with a point, by name in a city) and units per store code: `null`
 * when the gateway said only that the store has the goods; a store it did not answer for is left out.
 */
export interface WhereToBuyData {
  stores: StoreWithDistance[]
  units: Record<string, number | null>
  /** Whether `distanceMeters` is real (a point was given). */
  measured: boolean
}

/** The stores near the shopper and the goods' units in each. */
export const whereToBuyQuery = defineQuery(
  'goods.whereToBuy',
  async (api, [args]: [WhereToBuyArgs], signal): Promise<WhereToBuyData> => {
    const { searchStores, guessCity } = await import('../gateway/stores.ts')
    let cityFiasId = args.cityFiasId
    if (!args.point && !cityFiasId) cityFiasId = (await api.call(guessCity, { query: {}, signal })).city.fiasId
    const page = await api.call(searchStores, {
      query: args.point
        ? { lat: args.point.lat, lon: args.point.lon, pageSize: WHERE_TO_BUY_PAGE }
        : { cityFiasId, pageSize: WHERE_TO_BUY_PAGE },
      signal,
    })
    if (page.items.length === 0) return { stores: [], units: {}, measured: Boolean(args.point) }
    const codes = page.items.map((store) => store.code)
    const units = await unitsByStore(api, args.goodsId, codes, signal)
    return { stores: page.items, units, measured: Boolean(args.point) }
  },
)

/** Statuses of a gateway that lacks the stock call: 404 (no such route) and 501 (not implemented). */
const WITHOUT_STOCK_CALL = new Set([404, 501])
/** Set once the gateway has said it lacks the stock call: later pages in this browser go straight to the spec's call. */
let stockCallMissing = false

/** Units per store code of one goods: the stock call, or the spec's search per store without it. */
async function unitsByStore(
  api: ApiClient,
  goodsId: number,
  codes: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Record<string, number | null>> {
  const { getGoodsStock, searchGoods } = await import('../gateway/goods.ts')
  const units: Record<string, number | null> = {}
  if (!stockCallMissing) {
    try {
      const stock = await api.call(getGoodsStock, { params: { id: goodsId }, query: { storeCode: [...codes] }, signal })
      for (const item of stock.items) units[item.storeCode] = item.quantity
      return units
    } catch (error) {
      if (!(error instanceof AppError) || !WITHOUT_STOCK_CALL.has(error.status)) throw error
      stockCallMissing = true
    }
  }
  // The spec's call, one per store: the goods' card comes back when the store has them. A store whose
  // call failed is left out; when all failed, the block shows its error.
  const answers = await Promise.allSettled(
    codes.map((storeCode) => api.call(searchGoods, { query: { storeCode, id: [goodsId], pageSize: 1 }, signal })),
  )
  answers.forEach((answer, i) => {
    if (answer.status === 'fulfilled')
      units[codes[i]!] = answer.value.items.some((card) => card.id === goodsId) ? null : 0
  })
  const failed = answers.find((answer) => answer.status === 'rejected')
  if (failed && Object.keys(units).length === 0) throw failed.reason
  return units
}

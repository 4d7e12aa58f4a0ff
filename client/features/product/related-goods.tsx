/**
 * «Похожие товары» on a product page: a rail of standard cards of the same category, close in price
 * (shared/queries/related.ts). Its chunk loads when the rail's place comes near the screen; a failed
 * call leaves the rail out.
 */
import type { Goods } from '#shared/models/goods.ts'
import { relatedArgs, relatedGoodsQuery } from '#shared/queries/related.ts'
import { mergeParams, positionParams, productParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { CardRail } from '#client/features/catalog/goods-rail.tsx'

/** The analytics list of the rail's cards. */
export const RELATED_LIST = 'product.related'

/** The rail of a product's related goods; nothing while loading, on failure, or without any. */
export function RelatedGoods({ goods }: { goods: Goods }) {
  const { track } = useAnalytics()
  const { data } = useQuery(relatedGoodsQuery(relatedArgs(goods)), { revalidateOnFocus: false })
  if (!data) return null
  return (
    <CardRail
      id="related-goods"
      title="Похожие товары"
      items={data}
      list={RELATED_LIST}
      onOpen={(card, index) =>
        track('related_click', mergeParams(productParams(card), positionParams(index, RELATED_LIST)))
      }
    />
  )
}

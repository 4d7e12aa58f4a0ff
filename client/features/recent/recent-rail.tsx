/**
 * «Вы смотрели»: the goods last viewed on this device (recent-goods.ts), on the home page below the
 * first screen and on the empty search page. Its chunk loads when its place comes near the screen; it
 * reads the device's list in an effect (the server never renders it), shows it with today's cards of
 * those goods (one `/v2/goods/search?id=…`), and follows changes from other tabs. «Очистить» forgets the list and moves focus to the page's main heading.
 */
import { useEffect, useState } from 'react'
import { currentCardsQuery } from '#shared/queries/recent.ts'
import type { GoodsCardShape } from '#shared/queries/views.ts'
import { useApi } from '#client/context/app-context.tsx'
import { mergeParams, positionParams, productParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { CardRail } from '#client/features/catalog/goods-rail.tsx'
import {
  clearRecentGoods,
  keepCurrentCards,
  readRecentGoods,
  RECENT_GOODS_EVENT,
  RECENT_GOODS_KEY,
} from './recent-goods.ts'

/** Where the rail is shown (default: the home page): its analytics list is `{place}.recent`. */
export interface RecentRailProps {
  place?: 'main' | 'search'
}

/** The rail of recently viewed goods; nothing when the list is empty. */
export function RecentRail({ place = 'main' }: RecentRailProps) {
  const { track } = useAnalytics()
  const api = useApi()
  const [items, setItems] = useState<GoodsCardShape[]>([])
  // Today's prices, not those of the day the goods were viewed: the rail shows once they are in (or the
  // call failed, then the kept cards), and the device keeps them for next time.
  useEffect(() => {
    const controller = new AbortController()
    const kept = readRecentGoods()
    if (kept.length === 0) return
    currentCardsQuery(kept.map((card) => card.id))
      .fetch(api, controller.signal)
      .then(
        (current) => setItems(keepCurrentCards(current)),
        () => {
          if (!controller.signal.aborted) setItems(readRecentGoods())
        },
      )
    return () => controller.abort()
  }, [api])
  useEffect(() => {
    const read = () => setItems(readRecentGoods())
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === RECENT_GOODS_KEY) read()
    }
    window.addEventListener(RECENT_GOODS_EVENT, read)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener(RECENT_GOODS_EVENT, read)
      window.removeEventListener('storage', onStorage)
    }
  }, [])
  const list = `${place}.recent`
  return (
    <CardRail
      id={`${place}-recent`}
      title="Вы смотрели"
      items={items}
      list={list}
      onOpen={(card, index) => track('recent_click', mergeParams(productParams(card), positionParams(index, list)))}
      actions={
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            clearRecentGoods()
            // The rail and its button are gone: focus goes where a navigation puts it, the main heading.
            const heading = document.querySelector<HTMLElement>('main h1')
            heading?.setAttribute('tabindex', '-1')
            heading?.focus({ preventScroll: true })
          }}
        >
          Очистить
        </Button>
      }
    />
  )
}

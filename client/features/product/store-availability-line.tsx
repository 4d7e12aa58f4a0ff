/**
 * The availability line of `StoreAvailability` (store-availability.tsx loads this module once the device
 * has a chosen store): the cards of a page share one gateway call.
 */
import useSWR from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { useApi } from '#client/context/app-context.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { createAvailabilityBatcher, gatewayAvailability } from './availability-batch.ts'

const batchers = new WeakMap<ApiClient, ReturnType<typeof createAvailabilityBatcher>>()
const batcherOf = (api: ApiClient) => {
  let batcher = batchers.get(api)
  if (!batcher) batchers.set(api, (batcher = createAvailabilityBatcher(gatewayAvailability(api))))
  return batcher
}

/** The goods to answer for, its form, and the chosen store. */
export interface StoreAvailabilityLineProps {
  goodsId: number
  /** The product page's form: names the store's street. Default: the card's short form. */
  detailed?: boolean
  /** `code\ntype\nstreet` of the chosen store. */
  store: string
}

/** The chosen store's availability line for one goods (nothing until the answer is in). */
export function StoreAvailabilityLine({ goodsId, detailed = false, store }: StoreAvailabilityLineProps) {
  const api = useApi()
  const [code, type, street] = store.split('\n')
  const { data: available } = useSWR(
    code ? ['store.availability', code, goodsId] : null,
    () => batcherOf(api).load(code!, goodsId),
    {
      revalidateOnFocus: false,
    },
  )
  if (!code || available === undefined) return null
  const place = type === 'pickup-point' ? 'в пункте выдачи' : 'в магазине'
  const text = available ? `Есть ${place}` : `Нет ${place}`
  return (
    <p
      className={cx(
        'store-availability',
        available ? 'store-availability--yes' : 'store-availability--no',
        detailed && 'store-availability--detailed',
      )}
    >
      {detailed && street ? `${text}: ${street}` : text}
    </p>
  )
}

/**
 * `<StoreAvailability goodsId>`: whether the store the shopper chose has the goods, on cards (short) and
 * on the product page (`detailed`, naming the store's street). The choice lives on the device, so this
 * renders nothing on the server and during hydration, and nothing without a chosen store; the cards of
 * a page share one gateway call (`availability-batch.ts`), so the page's data block does not grow.
 */
import { useSyncExternalStore } from 'react'
import useSWR from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { STORAGE } from '#shared/cookies.ts'
import { useApp } from '#client/context/app-context.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { STORE_CHANGE_EVENT } from '#client/features/stores/stored-city.ts'
import { createAvailabilityBatcher, gatewayAvailability } from './availability-batch.ts'

/** The goods to answer for, and the short (card) or detailed (product page) form. */
export interface StoreAvailabilityProps {
  goodsId: number
  /** The product page's form: names the store's street. Default: the card's short form. */
  detailed?: boolean
}

const batchers = new WeakMap<ApiClient, ReturnType<typeof createAvailabilityBatcher>>()
const batcherOf = (api: ApiClient) => {
  let batcher = batchers.get(api)
  if (!batcher) batchers.set(api, (batcher = createAvailabilityBatcher(gatewayAvailability(api))))
  return batcher
}

const subscribe = (onChange: () => void) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('shop.')) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(STORE_CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(STORE_CHANGE_EVENT, onChange)
  }
}

/** `code\ntype\nstreet` of the chosen store (a string, so the snapshot compares by value); '' without one. */
const storeSnapshot = (): string => {
  try {
    const code = localStorage.getItem(STORAGE.shopCode)
    return code ? [code, localStorage.getItem(STORAGE.shopType) ?? '', localStorage.getItem(STORAGE.shopAddress) ?? ''].join('\n') : ''
  } catch {
    return ''
  }
}
const noStore = () => ''

/** The chosen store's availability line for one goods. */
export function StoreAvailability({ goodsId, detailed = false }: StoreAvailabilityProps) {
  const { api } = useApp()
  const [code, type, street] = useSyncExternalStore(subscribe, storeSnapshot, noStore).split('\n')
  const { data: available } = useSWR(code ? ['store.availability', code, goodsId] : null, () => batcherOf(api).load(code!, goodsId), {
    revalidateOnFocus: false,
  })
  if (!code || available === undefined) return null
  const place = type === 'pickup-point' ? 'в пункте выдачи' : 'в магазине'
  const text = available ? `Есть ${place}` : `Нет ${place}`
  return (
    <p className={cx('store-availability', available ? 'store-availability--yes' : 'store-availability--no', detailed && 'store-availability--detailed')}>
      {detailed && street ? `${text}: ${street}` : text}
    </p>
  )
}

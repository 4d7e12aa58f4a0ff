/**
 * `<StoreAvailability goodsId>`: whether the store the shopper chose has the goods, on cards (short) and
 * on the product page (`detailed`, naming the store's street). The choice lives on the device, so this
 * renders nothing on the server and during hydration, and nothing without a chosen store; the cards of
 * a page share one gateway call, so the page's data block does not grow. The
 * line's code loads once the device has a chosen store.
 */
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react'
import { STORAGE } from '#shared/cookies.ts'
import { STORE_CHANGE_EVENT } from '#client/features/stores/stored-city.ts'
import type { StoreAvailabilityLineProps } from './store-availability-line.tsx'

/** The goods to answer for, and the short (card) or detailed (product page) form. */
export type StoreAvailabilityProps = Omit<StoreAvailabilityLineProps, 'store'>

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
    return code
      ? [code, localStorage.getItem(STORAGE.shopType) ?? '', localStorage.getItem(STORAGE.shopAddress) ?? ''].join('\n')
      : ''
  } catch {
    return ''
  }
}
const noStore = () => ''

type LineModule = typeof import('./store-availability-line.tsx')
let loaded: LineModule | undefined
const loadLine = (): Promise<LineModule> =>
  loaded ? Promise.resolve(loaded) : import('./store-availability-line.tsx').then((module) => (loaded = module))

/** The chosen store's availability line for one goods. */
export function StoreAvailability(props: StoreAvailabilityProps) {
  const store = useSyncExternalStore(subscribe, storeSnapshot, noStore)
  const [Line, setLine] = useState<ComponentType<StoreAvailabilityLineProps> | undefined>(
    () => loaded?.StoreAvailabilityLine,
  )
  useEffect(() => {
    if (store && !Line)
      loadLine().then(
        (module) => setLine(() => module.StoreAvailabilityLine),
        () => undefined,
      )
  }, [store, Line])
  return store && Line ? <Line {...props} store={store} /> : null
}

/**
 * `<PickupStoreDetails>`: under the pickup store of an order in progress, how to collect it: how long
 * the order is kept (from the order, so the server renders it), and the store's hours, phone and route
 * once its own data has answered (in the browser).
 */
import { useEffect, useState } from 'react'
import type { Order } from '#shared/models/orders.ts'
import type { Store } from '#shared/models/stores.ts'
import { Icon } from '#client/components/icon.tsx'
import { pickupStoreInfo, showsPickupDetails } from './pickup-pass-data.ts'

/** The details, or nothing for an order that is not a pickup order in progress. */
export function PickupStoreDetails({ order, store }: { order: Order; store: Store | undefined }) {
  // Today is the browser's, known after hydration (the server and the first render agree without it).
  const [today, setToday] = useState<Date>()
  useEffect(() => setToday(new Date()), [])
  if (!showsPickupDetails(order)) return null
  const info = pickupStoreInfo(order, today ? store : undefined, today ?? new Date(0))
  if (!info) return null
  return (
    <ul className="order__pickup">
      {info.keeping && (
        <li>
          <Icon name="clock" size={16} />
          {info.keeping}
        </li>
      )}
      {info.schedule && (
        <li>
          <Icon name="store" size={16} />
          <span>
            {info.schedule}
            {info.today && <span className="text-muted"> · {info.today}</span>}
          </span>
        </li>
      )}
      {info.phone && (
        <li>
          <Icon name="phone" size={16} />
          <a href={info.phone.href}>{info.phone.text}</a>
        </li>
      )}
      {info.routeUrl && (
        <li>
          <Icon name="location" size={16} />
          <a href={info.routeUrl} target="_blank" rel="noopener noreferrer">
            Маршрут в Яндекс Картах<span className="visually-hidden"> (откроется в новой вкладке)</span>
          </a>
        </li>
      )}
    </ul>
  )
}

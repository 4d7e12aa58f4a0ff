/**
 * `<OrderPlacedNotice>`: 'Спасибо, заказ оформлен' on the order page that checkout opens.
 * Checkout marks the new history entry (`ORDER_PLACED_STATE`), so the address stays the
 * order's own, and an order opened from the list or reloaded shows no thanks.
 */
import { useEffect, useState } from 'react'
import type { Order } from '#shared/models/orders.ts'
import { Icon } from '#client/components/icon.tsx'

/** History state that checkout gives the order page it opens. */
export const ORDER_PLACED_STATE = { orderPlaced: true } as const

/** Whether this history entry is the order page checkout just opened (browser only, after mount). */
function useOrderJustPlaced(): boolean {
  const [placed, setPlaced] = useState(false)
  useEffect(() => {
    const state: unknown = window.history.state
    if (typeof state !== 'object' || state === null || (state as { orderPlaced?: unknown }).orderPlaced !== true) return
    setPlaced(true)
    // Thanked once: a reload or a later visit to this entry shows the order alone.
    const { orderPlaced: _, ...rest } = state as Record<string, unknown>
    window.history.replaceState(rest, '')
  }, [])
  return placed
}

/** The thanks after placing an order, with where to follow it. */
export function OrderPlacedNotice({ order }: { order: Pick<Order, 'number' | 'deliveryType' | 'store' | 'status'> }) {
  const justPlaced = useOrderJustPlaced()
  // Cancelled right after placing: the thanks no longer fit (the status says «Отменён»).
  if (!justPlaced || order.status === 'cancelled') return null
  const where =
    order.deliveryType === 'pickup' && order.store
      ? order.status === 'ready'
        ? ` Он уже готов: заберите его в магазине «${order.store.name}».`
        : ` Заберите его в магазине «${order.store.name}», когда он будет готов к выдаче.`
      : ''
  return (
    <div className="order-placed" role="status">
      <Icon name="check" size={24} className="order-placed__icon" />
      <div>
        <h2 className="order-placed__title">Спасибо, заказ оформлен</h2>
        <p>
          Номер заказа {order.number}.{where} Статус обновляется на этой странице.
        </p>
      </div>
    </div>
  )
}

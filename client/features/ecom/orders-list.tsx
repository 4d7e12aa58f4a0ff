/** `<OrdersList>`: order summaries linking to their status page; `<AllOrders>` pages through every order. */
import { useState } from 'react'
import { Link } from 'wouter'
import type { OrderSummary } from '#shared/models/orders.ts'
import { ordersQuery, ORDERS_PAGE_SIZE } from '#shared/queries/ecom.ts'
import { href } from '#shared/routing/href.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { countLabel, formatPrice } from '#client/lib/format.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { ecomErrorMessage } from './ecom-texts.ts'
import { OrderStatusBadge } from './order-status.tsx'

/** A list of order summaries. */
export function OrdersList({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <ul className="orders-list">
      {orders.map((order) => (
        <li key={order.id} className="orders-list__item">
          <Link href={href('ecom-order', { id: order.id })} className="order-card">
            <span className="order-card__number">Заказ {order.number}</span>
            <OrderStatusBadge status={order.status} deliveryType={order.deliveryType} />
            <span className="order-card__meta text-muted">
              {formatDate(order.createdAt)} · {countLabel(order.itemsCount, ['товар', 'товара', 'товаров'])}
              {order.storeName ? ` · ${order.storeName}` : ''}
            </span>
            <span className="order-card__total">{formatPrice(order.total)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function OrdersPage({ page }: { page: number }) {
  const { data, error, mutate, isLoading } = useQuery(ordersQuery(page))
  if (data) {
    return <OrdersList orders={data.items} />
  }
  if (error) {
    return (
      <div className="ecom-error" role="alert">
        <span>Не удалось загрузить заказы: {ecomErrorMessage(error)}</span>
        <Button variant="ghost" size="sm" loading={isLoading} onClick={() => void mutate()}>
          Повторить
        </Button>
      </div>
    )
  }
  return <Skeleton height={160} />
}

/** Every order, newest first, with 'Показать ещё'. */
export function AllOrders({ total }: { total: number }) {
  const [pages, setPages] = useState(1)
  const shown = pages * ORDERS_PAGE_SIZE
  return (
    <>
      {Array.from({ length: pages }, (_, index) => (
        <OrdersPage key={index + 1} page={index + 1} />
      ))}
      {shown < total && (
        <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
          Показать ещё
        </Button>
      )}
    </>
  )
}

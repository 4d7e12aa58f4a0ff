/** `<OrdersList>`: order summaries (with thumbnails) linking to their status page; `<AllOrders>` pages through every order. */
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
            {order.images && order.images.length > 0 && (
              <span className="order-card__thumbs" aria-hidden="true">
                {order.images.map((image, index) => (
                  <img
                    key={`${image.url}-${index}`}
                    src={image.url}
                    width={40}
                    height={40}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ))}
              </span>
            )}
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

function OrdersPage({ page, exclude }: { page: number; exclude: ReadonlySet<string> }) {
  const { data, error, mutate, isLoading } = useQuery(ordersQuery(page))
  if (data) {
    return <OrdersList orders={data.items.filter((order) => !exclude.has(order.id))} />
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

/** Every order, newest first, with 'Показать ещё'; those in `exclude` (listed above as active) are left out. */
export function AllOrders({ total, exclude = new Set() }: { total: number; exclude?: ReadonlySet<string> }) {
  const [pages, setPages] = useState(1)
  const shown = pages * ORDERS_PAGE_SIZE
  return (
    <>
      {Array.from({ length: pages }, (_, index) => (
        <OrdersPage key={index + 1} page={index + 1} exclude={exclude} />
      ))}
      {shown < total && (
        <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
          Показать ещё
        </Button>
      )}
    </>
  )
}

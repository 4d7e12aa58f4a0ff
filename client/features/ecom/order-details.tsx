/**
 * `<OrderDetails>`: one order — status and history, lines, totals, store and payment — with cancel
 * (after a confirmation) while the status allows it. The status line is a live region, so a change
 * that polling brings is announced. A pickup order in progress also says how to collect it: the
 * store's hours and phone, a route, and how long the order is kept.
 */
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { AppError } from '#shared/api/errors.ts'
import type { Order } from '#shared/models/orders.ts'
import type { Store } from '#shared/models/stores.ts'
import { activeOrdersQuery, ordersQuery } from '#shared/queries/ecom.ts'
import { useApi } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { formatPrice } from '#client/lib/format.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { CartTotals } from './cart-totals.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { courierAddressLine } from './courier-form.ts'
import { splitVolume } from './line-volume.ts'
import { slotLabel } from './delivery-slots.ts'
import { cancelOrderText, DELIVERY_LABELS, ecomErrorMessage } from './ecom-texts.ts'
import { OrderStatusBadge, OrderTimeline } from './order-status.tsx'
import { isReadyForPickup } from './pickup-pass-data.ts'
import { PickupStoreDetails } from './pickup-store-details.tsx'
import { useAction } from './use-action.ts'

export interface OrderDetailsProps {
  order: Order
  /** Stores a new version of the order (the cancel answer) or refetches it (no argument). */
  refresh: (next?: Order) => Promise<unknown>
  /** The pickup store's own data (hours, phone, coordinates), once it has answered. */
  pickupStore?: Store | undefined
}

/** The order view. */
export function OrderDetails({ order, refresh, pickupStore }: OrderDetailsProps) {
  const api = useApi()
  const { mutate } = useSWRConfig()
  const { track } = useAnalytics()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const cancel = useAction(async () => {
    try {
      const next = await api.call((await import('#shared/gateway/orders.ts')).cancelOrder, { params: { id: order.id } })
      await refresh(next)
      track('ecom_order_cancel_click', { orderId: order.id })
      void mutate(activeOrdersQuery().key)
      void mutate(ordersQuery(1).key)
      setConfirming(false)
      toast.show({ theme: 'success', type: 'order-cancelled', title: `Заказ ${order.number} отменён` })
    } catch (error) {
      // 409: the order moved past the cancellable statuses meanwhile: the sheet closes (it offers
      // nothing that can still work), the page shows where the order is now, a toast says why.
      if (error instanceof AppError && error.status === 409) {
        await refresh()
        setConfirming(false)
        // The title already says what the gateway says (`cancelNotAllowed`); the body says where to look.
        toast.show({
          theme: 'warning',
          title: 'Этот заказ уже нельзя отменить',
          description: 'Статус заказа изменился — он обновлён на этой странице',
        })
      }
      throw error
    }
  })

  return (
    <div className="order">
      <div className="ecom-card order__head">
        <p className="order__status" role="status" aria-live="polite">
          <span className="visually-hidden">Статус заказа: </span>
          <OrderStatusBadge status={order.status} deliveryType={order.deliveryType} />
        </p>
        <p className="text-muted">
          от {formatDate(order.createdAt, { style: 'dateTime' })} · {DELIVERY_LABELS[order.deliveryType]}
        </p>
        <OrderTimeline order={order} />
        {order.canCancel && (
          <Button
            variant="secondary"
            iconStart="close"
            onClick={() => {
              cancel.reset()
              setConfirming(true)
            }}
          >
            Отменить заказ
          </Button>
        )}
      </div>

      <div className="ecom-columns">
        <section className="ecom-columns__main ecom-card" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="ecom-summary__title">
            Товары
          </h2>
          <ul className="order-lines">
            {order.lines.map((line) => (
              <li key={line.goodsId} className="order-line">
                <span className="order-line__image">
                  {line.image ? (
                    <img
                      src={line.image.url}
                      alt=""
                      width={line.image.width}
                      height={line.image.height}
                      loading="lazy"
                    />
                  ) : null}
                </span>
                <OrderLineName fullName={line.name} />
                <span className="order-line__qty text-muted">
                  {line.quantity} × {formatPrice(line.price)}
                </span>
                <span className="order-line__total">{formatPrice(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
        </section>
        <aside className="ecom-columns__side ecom-summary" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className="ecom-summary__title">
            Детали заказа
          </h2>
          <CartTotals totals={order.totals} deliveryPrice={Math.max(0, order.total - order.totals.total)} />
          {/* A ready pickup order's pass above already gives the store, its hours and route. */}
          {order.store && !isReadyForPickup(order) && (
            <div className="order__info">
              <h3 className="order__info-title">
                {order.deliveryType === 'pickup' ? 'Магазин самовывоза' : 'Магазин'}
              </h3>
              <p>{order.store.name}</p>
              <p className="text-muted">{order.store.address}</p>
              <PickupStoreDetails order={order} store={pickupStore} />
            </div>
          )}
          {order.delivery && (
            <div className="order__info">
              <h3 className="order__info-title">Адрес доставки</h3>
              <p>{courierAddressLine(order.delivery.address)}</p>
              {order.delivery.address.comment && (
                <p className="text-muted break-anywhere">{order.delivery.address.comment}</p>
              )}
              <h3 className="order__info-title">Время доставки</h3>
              <p>{slotLabel(order.delivery.slot)}</p>
            </div>
          )}
          {order.payment && (
            <div className="order__info">
              <h3 className="order__info-title">Оплата</h3>
              <p>{order.payment.title}</p>
            </div>
          )}
        </aside>
      </div>

      <ConfirmDialog
        open={confirming && order.canCancel}
        title={`Отменить заказ ${order.number}?`}
        description={cancelOrderText(order)}
        confirmLabel="Отменить заказ"
        cancelLabel="Не отменять"
        pending={cancel.pending}
        error={cancel.error === undefined ? undefined : ecomErrorMessage(cancel.error)}
        onConfirm={() => void cancel.run()}
        onClose={() => setConfirming(false)}
      />
    </div>
  )
}

/** A goods name whose volume (`50 мл`) never breaks inside, however narrow the line. */
function OrderLineName({ fullName }: { fullName: string }) {
  const { name, volume } = splitVolume(fullName)
  return (
    <span className="order-line__name">
      <span className="break-anywhere">{name}</span>
      {volume && (
        <>
          , <span className="order-line__volume">{volume}</span>
        </>
      )}
    </span>
  )
}

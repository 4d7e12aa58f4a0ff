/**
 * Order status (route `ecom-order`): the order with its history, kept current while it is in progress
 * by the status poll (`/v1/orders/poll` every 5 s, stopping once the status is final), and cancel
 * where allowed. A pickup order ready for pickup shows its pass above the details; when the poll
 * brings that status, a toast says so.
 */
import { useEffect, useRef } from 'react'
import type { Order } from '#shared/models/orders.ts'
import type { orderPage } from '#shared/routes/ecom.ts'
import { href } from '#shared/routing/href.ts'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { EcomGate } from '#client/features/ecom/ecom-gate.tsx'
import { ecomErrorMessage } from '#client/features/ecom/ecom-texts.ts'
import { OrderDetails } from '#client/features/ecom/order-details.tsx'
import { OrderPlacedNotice } from '#client/features/ecom/order-placed.tsx'
import { useOrderPoll } from '#client/features/ecom/order-poll.ts'
import { isReadyForPickup } from '#client/features/ecom/pickup-pass-data.ts'
import { PickupPassPart } from '#client/features/ecom/pickup-pass-part.tsx'
import { usePickupStore } from '#client/features/ecom/pickup-store.ts'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { forgetPass } from '#client/features/offline/kept-data.ts'
import type { QueriesOf, ViewProps } from '../registry.ts'

/** Order status (route ecom-order). */
export function Page({ queries }: ViewProps<'ecom-order', typeof orderPage>) {
  return (
    <EcomGate title="Заказ">
      <OrderData orderQuery={queries.order} />
    </EcomGate>
  )
}

function OrderData({ orderQuery }: { orderQuery: QueriesOf<typeof orderPage>['order'] }) {
  const { data: order, error, mutate } = useQuery(orderQuery)
  const toast = useToast()
  const pickupStore = usePickupStore(order)
  const latest = useRef(order)
  latest.current = order
  useOrderPoll(order, (next) => {
    if (latest.current && !isReadyForPickup(latest.current) && isReadyForPickup(next))
      toast.show({
        theme: 'success',
        type: 'pickup-ready',
        title: `Заказ ${next.number} готов к выдаче`,
        description: 'Покажите QR-код на кассе магазина',
        position: 'top',
      })
    void mutate(next, { revalidate: false })
  })
  // An order no longer waiting in its store (collected, cancelled) leaves no pass kept on the device.
  const orderId = order?.id
  const waiting = order ? isReadyForPickup(order) : undefined
  useEffect(() => {
    if (orderId && waiting === false) void forgetPass(orderId)
  }, [orderId, waiting])
  return (
    <div className="ecom-page">
      <div className="page-header">
        <h1 className="page-title">{order ? `Заказ ${order.number}` : 'Заказ'}</h1>
        <ButtonLink href={href('ecom')} variant="ghost" size="sm" iconStart="arrow-left">
          Все заказы
        </ButtonLink>
      </div>
      {order && <OrderPlacedNotice order={order} />}
      {order && isReadyForPickup(order) && <PickupPassPart order={order} store={pickupStore} />}
      {order ? (
        <OrderDetails
          order={order}
          pickupStore={pickupStore.status === 'done' ? pickupStore.store : undefined}
          refresh={(next?: Order) => (next ? mutate(next, { revalidate: false }) : mutate())}
        />
      ) : error ? (
        <EmptyState icon="warning" title="Не удалось загрузить заказ" text={ecomErrorMessage(error)} />
      ) : (
        <Skeleton height={240} />
      )}
    </div>
  )
}

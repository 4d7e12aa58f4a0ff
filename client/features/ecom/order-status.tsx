/** `<OrderStatusBadge>` and `<OrderTimeline>`: an order's status and the way it went. */
import type { Order, OrderStatus } from '#shared/models/orders.ts'
import { ORDER_STATUSES } from '#shared/models/values.ts'
import { cx } from '#client/components/ui/class-names.ts'
import { formatDate } from '#client/lib/format-date.ts'
import type { DeliveryType } from '#shared/models/checkout.ts'
import { orderStatusLabel } from './ecom-texts.ts'

/** The status as a coloured badge. */
export function OrderStatusBadge({ status, deliveryType }: { status: OrderStatus; deliveryType?: DeliveryType }) {
  return <span className={cx('order-status', `order-status--${status}`)}>{orderStatusLabel(status, deliveryType)}</span>
}

const HAPPY_PATH = ORDER_STATUSES.filter((status) => status !== 'cancelled')

/** The steps of an order: the ones passed with their time, the ones still ahead greyed out. */
export function OrderTimeline({ order }: { order: Order }) {
  const reached = new Map(order.statusHistory.map((step) => [step.status, step.at]))
  const cancelled = order.status === 'cancelled'
  const steps: OrderStatus[] = cancelled ? order.statusHistory.map((step) => step.status) : [...HAPPY_PATH]
  // A step before the current one is passed even when its time is unknown (a poll that saw the
  // order only after several steps brings the last one).
  const currentIndex = steps.indexOf(order.status)
  return (
    <ol className="order-timeline">
      {steps.map((status, index) => {
        const at = reached.get(status)
        const passed = at !== undefined || index <= currentIndex
        const current = status === order.status
        return (
          <li
            key={status}
            className={cx(
              'order-timeline__step',
              passed && 'is-done',
              current && 'is-current',
              status === 'cancelled' && 'is-cancelled',
            )}
            aria-current={current ? 'step' : undefined}
          >
            <span className="order-timeline__dot" aria-hidden="true" />
            <span className="order-timeline__label">{orderStatusLabel(status, order.deliveryType)}</span>
            {at ? (
              <time className="order-timeline__time" dateTime={at}>
                {formatDate(at, { style: 'dateTime' })}
              </time>
            ) : passed ? null : (
              <span className="visually-hidden">ещё впереди</span>
            )}
          </li>
        )
      })}
    </ol>
  )
}

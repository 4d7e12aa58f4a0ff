/**
 * `<PickupPassPart>`: the place of the pickup pass on the order page. The server and the hydrating
 * browser render the pass's column for the till (title, order number, what to do) with a square where
 * the QR code goes, and a placeholder of the store's part at its size (an order that is ready when the
 * page loads shifts nothing); the pass's code, with its QR encoder, loads in the browser, and the whole
 * pass shows once the code is in and the store has answered (or failed: the pass then says what the
 * order alone knows).
 */
import { useEffect, useState, type ComponentType } from 'react'
import type { Order } from '#shared/models/orders.ts'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { PassCode } from './pickup-pass-code.tsx'
import { pickupPass } from './pickup-pass-data.ts'
import type { PickupStoreState } from './pickup-store.ts'

type PassCard = ComponentType<{ orderId: string; pass: NonNullable<ReturnType<typeof pickupPass>>; status: string }>

/** The pass of a ready pickup order, or nothing for any other order. */
export function PickupPassPart({ order, store }: { order: Order; store: PickupStoreState }) {
  const [Card, setCard] = useState<PassCard>()
  useEffect(() => {
    let live = true
    import('./pickup-pass.tsx').then(
      (module) => live && setCard(() => module.PickupPassCard),
      (error: unknown) => console.warn('[orders] pickup pass failed to load', error),
    )
    return () => {
      live = false
    }
  }, [])

  // Until then the column for the till is there with a square for its code, and the store's part is a
  // placeholder as tall as it will be. Not a region: the pass, with its code, is the «Заказ готов к выдаче» region.
  if (!Card || store.status === 'loading')
    return (
      <div className="pickup-pass pickup-pass--pending" aria-busy="true">
        <PassCode number={order.number} qr={<Skeleton className="pickup-pass__qr" />} />
        <Skeleton className="pickup-pass__placeholder" />
      </div>
    )
  const pass = pickupPass(order, store.store, new Date())
  return pass ? <Card orderId={order.id} pass={pass} status={order.status} /> : null
}

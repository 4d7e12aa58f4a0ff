/**
 * `<PickupPassPart>`: the place of the pickup pass on the order page. The server and the hydrating
 * browser render a placeholder of the pass's size (an order that is ready when the page loads shifts
 * nothing); the pass's code, with its QR encoder, loads in the browser, and the pass shows once the
 * code is in and the store has answered (or failed: the pass then says what the order alone knows).
 */
import { useEffect, useState, type ComponentType } from 'react'
import type { Order } from '#shared/models/orders.ts'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
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

  if (!Card || store.status === 'loading')
    return (
      <div className="pickup-pass pickup-pass--pending" aria-busy="true">
        <Skeleton className="pickup-pass__placeholder" />
      </div>
    )
  const pass = pickupPass(order, store.store, new Date())
  return pass ? <Card orderId={order.id} pass={pass} status={order.status} /> : null
}

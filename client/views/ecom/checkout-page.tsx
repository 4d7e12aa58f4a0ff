/**
 * Checkout (route `ecom-checkout`): delivery and pickup store, payment method, summary and placing
 * the order. Behind the `authorized` and `offline-store-guard` guards (`EcomGate`).
 */
import type { checkoutPage } from '#shared/routes/ecom.ts'
import { href } from '#shared/routing/href.ts'
import type { Checkout } from '#shared/models/checkout.ts'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { CheckoutView } from '#client/features/ecom/checkout-view.tsx'
import { EcomGate } from '#client/features/ecom/ecom-gate.tsx'
import { ecomErrorMessage } from '#client/features/ecom/ecom-texts.ts'
import type { QueriesOf, ViewProps } from '../registry.ts'

const TITLE = 'Оформление заказа'

/** Checkout (route ecom-checkout). */
export function Page({ queries }: ViewProps<'ecom-checkout', typeof checkoutPage>) {
  return (
    <EcomGate title={TITLE} needsStore>
      <CheckoutData queries={queries} />
    </EcomGate>
  )
}

function CheckoutData({ queries }: { queries: QueriesOf<typeof checkoutPage> }) {
  const checkout = useQuery(queries.checkout)
  const cart = useQuery(queries.cart)
  const methods = useQuery(queries.methods)
  const error = checkout.error ?? cart.error ?? methods.error

  let body
  if (checkout.data && cart.data && methods.data) {
    body =
      cart.data.lines.length === 0 ? (
        <EmptyState
          icon="cart"
          title="В корзине пока пусто"
          text="Добавьте товары, чтобы оформить заказ."
          action={<ButtonLink href={href('catalog')}>Перейти в каталог</ButtonLink>}
        />
      ) : (
        <CheckoutView
          checkout={checkout.data}
          cart={cart.data}
          methods={methods.data.items}
          refresh={(next?: Checkout) => (next ? checkout.mutate(next, { revalidate: false }) : checkout.mutate())}
        />
      )
  } else if (error) {
    body = <EmptyState icon="warning" title="Не удалось загрузить оформление заказа" text={ecomErrorMessage(error)} />
  } else {
    body = <Skeleton height={240} />
  }
  return (
    <div className="ecom-page">
      <div className="page-header">
        <h1 className="page-title">{TITLE}</h1>
      </div>
      {body}
    </div>
  )
}

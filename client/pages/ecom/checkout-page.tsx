/** Checkout (route ecom-checkout). */
import type { PageProps } from '../registry.ts'

/** Checkout (route ecom-checkout). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Оформление заказа</h1>
    </div>
  )
}

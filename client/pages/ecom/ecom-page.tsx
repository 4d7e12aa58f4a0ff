/** E-commerce hub (route ecom). */
import type { PageProps } from '../registry.ts'

/** E-commerce hub (route ecom). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Заказы и способы оплаты</h1>
    </div>
  )
}

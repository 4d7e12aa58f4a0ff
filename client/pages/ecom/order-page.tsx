/** Order status (route ecom-order). */
import type { PageProps } from '../registry.ts'

/** Order status (route ecom-order). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Заказ</h1>
    </div>
  )
}

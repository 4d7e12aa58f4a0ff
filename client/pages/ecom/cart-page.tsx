/** Cart (route ecom-cart). */
import type { PageProps } from '../registry.ts'

/** Cart (route ecom-cart). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Корзина</h1>
    </div>
  )
}

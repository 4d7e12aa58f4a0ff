/** Promo goods (routes promo-product and promo-catalog-category-product). */
import type { PageProps } from '../registry.ts'

/** Promo goods (routes promo-product and promo-catalog-category-product). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Акция</h1>
    </div>
  )
}

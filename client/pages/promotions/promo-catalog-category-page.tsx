/** Promotions category (route promo-catalog-category). */
import type { PageProps } from '../registry.ts'

/** Promotions category (route promo-catalog-category). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Акции</h1>
    </div>
  )
}

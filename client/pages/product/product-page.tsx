/** Goods page (routes product and product-reviews). */
import type { PageProps } from '../registry.ts'

/** Goods page (routes product and product-reviews). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Товар</h1>
    </div>
  )
}

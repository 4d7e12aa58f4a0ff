/** Catalogue category (route catalog-category). */
import type { PageProps } from '../registry.ts'

/** Catalogue category (route catalog-category). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Каталог</h1>
    </div>
  )
}

/** Promotions catalogue (route promo-catalog). */
import type { PageProps } from '../registry.ts'

/** Promotions catalogue (route promo-catalog). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Акции</h1>
    </div>
  )
}

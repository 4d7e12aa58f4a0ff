/** Home page (route main). */
import type { PageProps } from '../registry.ts'

/** Home page (route main). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Аврора — косметика и товары для дома</h1>
    </div>
  )
}

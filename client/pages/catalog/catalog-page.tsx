/** Catalogue root (route catalog). */
import type { PageProps } from '../registry.ts'

/** Catalogue root (route catalog). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Каталог</h1>
    </div>
  )
}

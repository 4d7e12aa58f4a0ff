/** Popular item (route popular). */
import type { PageProps } from '../registry.ts'

/** Popular item (route popular). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Популярное</h1>
    </div>
  )
}

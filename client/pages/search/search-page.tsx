/** Search results (route search). */
import type { PageProps } from '../registry.ts'

/** Search results (route search). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Поиск</h1>
    </div>
  )
}

/** One article (route article). */
import type { PageProps } from '../registry.ts'

/** One article (route article). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Статья</h1>
    </div>
  )
}

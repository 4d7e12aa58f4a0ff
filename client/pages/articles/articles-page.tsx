/** Article list (route articles). */
import type { PageProps } from '../registry.ts'

/** Article list (route articles). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Полезные статьи</h1>
    </div>
  )
}

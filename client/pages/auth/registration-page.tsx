/** Registration (route registration). */
import type { PageProps } from '../registry.ts'

/** Registration (route registration). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Регистрация</h1>
    </div>
  )
}

/** Incomplete profile (route profile-incomplete). */
import type { PageProps } from '../registry.ts'

/** Incomplete profile (route profile-incomplete). */
export function Page(_props: PageProps) {
  return (
    <div className="container page">
      <h1 className="page__title">Заполните профиль</h1>
    </div>
  )
}

/** Cookie policy (route cookie-policy): title 'Cookies на {site}' and the policy text from the gateway. */
import { SITE_NAME } from '#shared/constants.ts'
import { cookiePolicyQuery } from '#shared/queries/content.ts'
import { useQuery } from '../../data/use-query.ts'
import type { PageProps } from '../registry.ts'

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The cookie policy page. */
export function Page(_props: PageProps) {
  const { data: policy } = useQuery(cookiePolicyQuery())
  return (
    <article className="container page page--text">
      <h1 className="page__title">Cookies на {SITE_NAME}</h1>
      <p className="page__lead">Сайт использует файлы cookie, чтобы запоминать данные для входа и ваши настройки.</p>
      {policy ? (
        <>
          <p>{policy.summary}</p>
          {policy.sections.map((section) => (
            <section key={section.heading} className="text-section">
              <h2 className="text-section__title">{section.heading}</h2>
              {section.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          ))}
          <p className="page__meta">Обновлено {dateFormat.format(new Date(policy.updatedAt))}</p>
        </>
      ) : null}
    </article>
  )
}

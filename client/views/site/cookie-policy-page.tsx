/** Cookie policy (route cookie-policy): title 'Cookies на {site}' and the policy text from the gateway. */
import type { ReactNode } from 'react'
import { SITE_NAME } from '#shared/constants.ts'
import type { cookiePolicyPage } from '#shared/routes/site.ts'
import { useQuery } from '../../data/use-query.ts'
import type { ViewProps } from '../registry.ts'

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The spec's description of the page (section 2), shown until the policy text has its own summary. */
const LEAD = 'Сайт использует файлы cookie, чтобы запоминать данные для входа и ваши настройки.'

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/

// Every e-mail address in the policy text becomes a mailto link (a trailing dot stays text).
function withMailLinks(text: string): ReactNode[] {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`mailto:${part}`}>
        {part}
      </a>
    ) : (
      part
    ),
  )
}

/** The cookie policy page. */
export function Page({ queries }: ViewProps<'cookie-policy', typeof cookiePolicyPage>) {
  const { data: policy } = useQuery(queries.policy)
  // The gateway's summary is the intro; printing the spec's sentence as well repeated it.
  const lead = policy?.summary || LEAD
  return (
    <article className="container page page--text">
      <h1 className="page__title">Cookies на {SITE_NAME}</h1>
      <p className="page__lead">{withMailLinks(lead)}</p>
      {policy ? (
        <>
          {policy.sections.map((section) => (
            <section key={section.heading} className="text-section">
              <h2 className="text-section__title">{section.heading}</h2>
              {section.paragraphs.map((paragraph, index) => (
                <p key={index}>{withMailLinks(paragraph)}</p>
              ))}
            </section>
          ))}
          <p className="page__meta">Обновлено {dateFormat.format(new Date(policy.updatedAt))}</p>
        </>
      ) : null}
    </article>
  )
}

/**
 * The error views of spec section 2, with their exact texts: 404 and 422 show the not-found view
 * (a full-width button to the promotions catalogue, then a search field and the ways back to the home
 * page and the catalogue), any other status the outage view (a secondary 'Обновить' button that
 * reloads the page). Each sends its view and click events.
 */
import { useEffect, useId, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { isNotFoundStatus } from '#shared/api/page-status.ts'
import { href } from '#shared/routing/href.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '../ui/button.tsx'
import { ButtonLink } from '../ui/button-link.tsx'

/** Texts of the error views (spec section 2), exported for tests. */
export const ERROR_TEXTS = {
  notFound: {
    title: 'Здесь ничего не нашлось',
    text: 'Зато всегда есть выгодные предложения в разделе акций',
    button: 'Перейти в акции',
    /** Added under the spec's text where the missing page is a product's. */
    product: 'Возможно, этот товар больше не продаётся. Найдите похожий поиском или в каталоге.',
    search: 'Поиск по магазину',
    home: 'На главную',
    catalog: 'В каталог',
  },
  outage: {
    title: 'Сайт временно не работает',
    text: 'Мы уже чиним эту проблему — пожалуйста, попробуйте снова через 15 минут',
    button: 'Обновить',
    home: 'На главную',
  },
} as const

/** Id of the error view's heading (the app focuses it after navigation). */
const ERROR_HEADING_ID = 'error-heading'

const currentPath = () => window.location.pathname + window.location.search

function Illustration({ kind }: { kind: 'not-found' | 'outage' }) {
  return (
    <svg
      className="error-view__art"
      viewBox="0 0 120 120"
      width="120"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="60" cy="60" r="56" className="error-view__art-bg" />
      {kind === 'not-found' ? (
        <g className="error-view__art-line" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M36 46h48l-4 40a6 6 0 0 1-6 5H46a6 6 0 0 1-6-5l-4-40Z" />
          <path d="M48 46v-6a12 12 0 0 1 24 0v6" />
          <path d="M52 70h16" />
        </g>
      ) : (
        <g className="error-view__art-line" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M60 30v34" />
          <path d="M60 80v2" />
          <path d="M40 92h40" />
        </g>
      )}
    </svg>
  )
}

export interface ErrorViewProps {
  /** The page status (404, 422, 500, 502, …). */
  status: number
}

/** Not-found view for 404 and 422. */
function NotFoundView({ status }: ErrorViewProps) {
  const { track } = useAnalytics()
  const [location, navigate] = useLocation()
  const fieldId = useId()
  const isProduct = /^\/(promo-)?product\//.test(location)
  useEffect(() => {
    track('error404_view', { status, path: currentPath() })
  }, [status, track])
  // A plain GET form without JS; with it, a client navigation to the results.
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    if (!q) return
    track('search_submit', { query_length: q.length, source: 'not-found' })
    navigate(href('search', {}, { q }))
  }
  return (
    <section className="error-view error-view--not-found" aria-labelledby={ERROR_HEADING_ID} data-status={status}>
      <Illustration kind="not-found" />
      <h1 className="error-view__title" id={ERROR_HEADING_ID} tabIndex={-1}>
        {ERROR_TEXTS.notFound.title}
      </h1>
      <p className="error-view__text">{ERROR_TEXTS.notFound.text}</p>
      {isProduct && <p className="error-view__text">{ERROR_TEXTS.notFound.product}</p>}
      <ButtonLink
        href={href('promo-catalog')}
        variant="primary"
        size="lg"
        fullWidth
        className="error-view__action"
        onClick={() => track('error404_toPromo_click', { status, path: currentPath() })}
      >
        {ERROR_TEXTS.notFound.button}
      </ButtonLink>
      <form role="search" action={href('search')} method="get" className="error-view__search" onSubmit={search}>
        <label htmlFor={fieldId} className="visually-hidden">
          {ERROR_TEXTS.notFound.search}
        </label>
        <input
          id={fieldId}
          name="q"
          type="search"
          className="field__input"
          placeholder="Найти товары"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          required
        />
        <Button type="submit" variant="secondary">
          Найти
        </Button>
      </form>
      <nav className="error-view__links" aria-label="Куда перейти">
        <ButtonLink
          href="/"
          variant="ghost"
          iconStart="arrow-left"
          onClick={() => track('error404_toMain_click', { status, path: currentPath() })}
        >
          {ERROR_TEXTS.notFound.home}
        </ButtonLink>
        <ButtonLink
          href={href('catalog')}
          variant="ghost"
          iconStart="catalog"
          onClick={() => track('error404_toCatalog_click', { status, path: currentPath() })}
        >
          {ERROR_TEXTS.notFound.catalog}
        </ButtonLink>
      </nav>
    </section>
  )
}

/** Outage view for every other status. */
function OutageView({ status }: ErrorViewProps) {
  const { track } = useAnalytics()
  useEffect(() => {
    track('error500_view', { status, path: currentPath() })
  }, [status, track])
  const reload = () => {
    track('error500_refresh_click', { status, path: currentPath() })
    window.location.reload()
  }
  return (
    <section className="error-view error-view--outage" aria-labelledby={ERROR_HEADING_ID} data-status={status}>
      <Illustration kind="outage" />
      <h1 className="error-view__title" id={ERROR_HEADING_ID} tabIndex={-1}>
        {ERROR_TEXTS.outage.title}
      </h1>
      <p className="error-view__text">{ERROR_TEXTS.outage.text}</p>
      <Button variant="secondary" size="lg" className="error-view__action" onClick={reload}>
        {ERROR_TEXTS.outage.button}
      </Button>
      {/* Often only one service is down (a product's goods data) while the rest of the store works. */}
      <nav className="error-view__links" aria-label="Куда перейти">
        <ButtonLink href="/" variant="ghost" iconStart="arrow-left">
          {ERROR_TEXTS.outage.home}
        </ButtonLink>
      </nav>
    </section>
  )
}

/** Picks the view for a status: 404/422 not-found, anything else outage. */
export function ErrorView({ status }: ErrorViewProps) {
  return isNotFoundStatus(status) ? <NotFoundView status={status} /> : <OutageView status={status} />
}

/**
 * The toolbar search form: `<form role="search" action="/search">` with an input named `q`, so it
 * works without JS; with JS it navigates client-side. The suggestions dropdown plugs in later.
 */
import { useId, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { href } from '#shared/routing/index.ts'
import { useAnalytics } from '#client/analytics/index.ts'
import { Icon } from '../icon.tsx'

/** Props of `ToolbarSearch`. */
export interface ToolbarSearchProps {
  /** Prefill the query from the URL (on the search page). */
  prefill?: boolean
  className?: string
}

/** Search box of the top toolbar. */
export function ToolbarSearch({ prefill, className }: ToolbarSearchProps) {
  const inputId = useId()
  const search = useSearch()
  const [, navigate] = useLocation()
  const { track } = useAnalytics()
  const query = prefill ? (new URLSearchParams(search).get('q') ?? '') : ''

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    if (!q) {
      event.currentTarget.querySelector('input')?.focus()
      return
    }
    track('search_submit', { query_length: q.length, source: 'toolbar' })
    navigate(href('search', {}, { q }))
  }

  return (
    <form role="search" action="/search" method="get" className={className ? `toolbar-search ${className}` : 'toolbar-search'} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Поиск
      </label>
      <input
        key={query}
        id={inputId}
        name="q"
        type="search"
        className="toolbar-search__input"
        placeholder="Найти товары и бренды"
        defaultValue={query}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      <button type="submit" className="toolbar-search__submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
    </form>
  )
}

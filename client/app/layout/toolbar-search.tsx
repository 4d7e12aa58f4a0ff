/**
 * The toolbar search form: `<form role="search" action="/search">` with an input named `q`, so it
 * works without JS; with JS it navigates client-side and offers a combobox dropdown — the on-device
 * history and popular searches for the empty field, suggestions as the shopper types (debounced by
 * `SUGGEST_DEBOUNCE_MS`, a superseded request aborted), arrow keys, Enter and Escape.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { SUGGEST_DEBOUNCE_MS } from '#shared/constants.ts'
import type { Suggestion } from '#shared/models/search.ts'
import { href } from '#shared/routing/index.ts'
import { useAnalytics } from '#client/analytics/index.ts'
import { useApp } from '#client/context/app-context.tsx'
import { clearSearchHistory, readSearchHistory, rememberSearch } from '#client/features/search/search-history.ts'
import { formatPrice } from '#client/lib/format.ts'
import { Icon } from '#client/components/icon.tsx'

/** Props of `ToolbarSearch`. */
export interface ToolbarSearchProps {
  /** Prefill the query from the URL (on the search page). */
  prefill?: boolean
  className?: string
}

/** One row of the dropdown. */
type Option =
  | { kind: 'history'; text: string }
  | { kind: 'popular'; text: string }
  | { kind: 'suggestion'; suggestion: Suggestion }

const TYPE_NAMES: Record<Suggestion['type'], string> = { goods: 'Товар', brand: 'Бренд', category: 'Категория' }

/** Search box of the top toolbar. */
export function ToolbarSearch({ prefill, className }: ToolbarSearchProps) {
  const search = useSearch()
  const query = prefill ? (new URLSearchParams(search).get('q') ?? '') : ''
  return <SearchBox key={query} initial={query} className={className} />
}

function SearchBox({ initial, className }: { initial: string; className?: string | undefined }) {
  const inputId = useId()
  const listId = useId()
  const [, navigate] = useLocation()
  const { track } = useAnalytics()
  const { api } = useApp()
  const [value, setValue] = useState(initial)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [history, setHistory] = useState<string[]>([])
  const [popular, setPopular] = useState<string[]>([])
  const [suggestions, setSuggestions] = useState<{ query: string; items: Suggestion[] }>({ query: '', items: [] })
  const inputRef = useRef<HTMLInputElement>(null)
  const text = value.trim()

  // Suggestions: wait for a pause in typing, abort the request a newer one supersedes.
  useEffect(() => {
    if (!open || !text) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      // The search queries (and their schemas) load with the first suggestion request.
      import('#shared/queries/search.ts').then(({ suggestionsQuery }) => suggestionsQuery(text).fetch(api, controller.signal)).then(
        (answer) => setSuggestions({ query: text, items: answer.items }),
        () => undefined,
      )
    }, SUGGEST_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text, open, api])

  // Popular searches, once, when the empty field is first opened.
  useEffect(() => {
    if (!open || text || popular.length > 0) return
    const controller = new AbortController()
    import('#shared/queries/search.ts').then(({ popularSuggestionsQuery }) => popularSuggestionsQuery().fetch(api, controller.signal)).then((answer) => setPopular(answer.items.map((item) => item.text).slice(0, 8)), () => undefined)
    return () => controller.abort()
  }, [open, text, popular.length, api])

  const options: Option[] = text
    ? (suggestions.query === text ? suggestions.items.map((suggestion) => ({ kind: 'suggestion' as const, suggestion })) : [])
    : [...history.map((item) => ({ kind: 'history' as const, text: item })), ...popular.filter((item) => !history.includes(item)).map((item) => ({ kind: 'popular' as const, text: item }))]
  const expanded = open && options.length > 0

  const openBox = () => {
    setHistory(readSearchHistory())
    setOpen(true)
  }
  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const searchFor = (q: string, source: string) => {
    setHistory(rememberSearch(q))
    track('search_submit', { query_length: q.length, source })
    close()
    setValue(q)
    navigate(href('search', {}, { q }))
  }
  const choose = (option: Option) => {
    if (option.kind === 'suggestion') {
      track('search_suggestion_click', { type: option.suggestion.type, position: options.indexOf(option) + 1 })
      // The history keeps what the shopper chose («Шампуни»), not the fragment typed to find it.
      setHistory(rememberSearch(option.suggestion.text))
      close()
      navigate(option.suggestion.url)
    } else {
      searchFor(option.text, option.kind)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!text) {
      inputRef.current?.focus()
      return
    }
    searchFor(text, 'toolbar')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) openBox()
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      const count = options.length
      // -1 is the field itself; arrows cycle through the options and back to the field.
      setActive((current) => {
        const next = current + step
        return next < -1 ? count - 1 : next >= count ? -1 : next
      })
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      close()
    }
  }
  const optionId = (index: number) => `${listId}-option-${index}`
  const hasHistory = !text && history.length > 0

  return (
    <form
      role="search"
      action="/search"
      method="get"
      className={className ? `toolbar-search ${className}` : 'toolbar-search'}
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Поиск
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        className="toolbar-search__input"
        placeholder="Найти товары и бренды"
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          setActive(-1)
          if (!open) openBox()
        }}
        onFocus={openBox}
        onClick={() => !open && openBox()}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      {/* The placeholder's short form on a phone, where the full one would be cut (forms.css). */}
      <span className="toolbar-search__hint" aria-hidden="true">Поиск товаров</span>
      <button type="submit" className="toolbar-search__submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
      <div className="suggest" hidden={!expanded}>
        {hasHistory && (
          <div className="suggest__head">
            <span className="suggest__caption">Вы искали</span>
            <button
              type="button"
              className="suggest__clear"
              onClick={() => {
                setHistory(clearSearchHistory())
                track('search_history_clear_click')
                inputRef.current?.focus()
              }}
            >
              Очистить историю
            </button>
          </div>
        )}
        <ul id={listId} role="listbox" aria-label={text ? 'Подсказки' : 'История и популярные запросы'} className="suggest__list">
          {options.map((option, index) => (
            <li
              key={option.kind === 'suggestion' ? `${option.suggestion.type}-${option.suggestion.id}` : `${option.kind}-${option.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`suggest__option suggest__option--${option.kind}${index === active ? ' is-active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === 'suggestion' ? (
                <>
                  {option.suggestion.image ? <img className="suggest__image" src={option.suggestion.image.url} width={40} height={40} alt="" /> : <span className="suggest__image" />}
                  <span className="suggest__text">{option.suggestion.text}</span>
                  <span className="suggest__meta">{option.suggestion.price !== null ? formatPrice(option.suggestion.price) : TYPE_NAMES[option.suggestion.type]}</span>
                </>
              ) : (
                <>
                  <Icon name={option.kind === 'history' ? 'clock' : 'search'} size={18} />
                  <span className="suggest__text">{option.text}</span>
                  {option.kind === 'popular' && <span className="suggest__meta">Популярное</span>}
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </form>
  )
}

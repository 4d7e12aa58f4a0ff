/**
 * The toolbar search form: `<form role="search" action="/search">` with an input named `q`, so it
 * works without JS; with JS it navigates client-side and offers a combobox dropdown
 * (search-suggest.tsx: history, popular searches, suggestions, arrow keys and Enter on an option),
 * whose code loads when the field is first focused, clicked or typed in. The form, the field's value,
 * submitting and Escape stay here, so no keypress waits for that code.
 */
import { useCallback, useId, useRef, useState, type ComponentType, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { href } from '#shared/routing/href.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Icon } from '#client/components/icon.tsx'
import type { SearchSuggestProps, SuggestKeys } from './search-suggest.tsx'

export interface ToolbarSearchProps {
  /** Prefill the query from the URL (on the search page). */
  prefill?: boolean
  className?: string
}

type SuggestModule = typeof import('./search-suggest.tsx')
let loaded: SuggestModule | undefined
const loadSuggest = (): Promise<SuggestModule> =>
  loaded ? Promise.resolve(loaded) : import('./search-suggest.tsx').then((module) => (loaded = module))

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
  const [value, setValue] = useState(initial)
  const [open, setOpen] = useState(false)
  const [Suggest, setSuggest] = useState<ComponentType<SearchSuggestProps> | undefined>(() => loaded?.SearchSuggest)
  const [aria, setAria] = useState<{ expanded: boolean; activeId?: string | undefined }>({ expanded: false })
  const keys = useRef<SuggestKeys | undefined>(undefined)
  const inputRef = useRef<HTMLInputElement>(null)
  const text = value.trim()

  const openBox = () => {
    setOpen(true)
    if (!Suggest)
      loadSuggest().then(
        (module) => setSuggest(() => module.SearchSuggest),
        () => undefined,
      )
  }
  const close = useCallback(() => setOpen(false), [])
  const onAria = useCallback((expanded: boolean, activeId: string | undefined) => setAria({ expanded, activeId }), [])
  const searchFor = (q: string, source: string) => {
    // The history is the dropdown's; its module is in (or on its way) once the field was used.
    void loadSuggest().then(
      (module) => module.rememberSearch(q),
      () => undefined,
    )
    track('search_submit', { query_length: q.length, source })
    close()
    setValue(q)
    navigate(href('search', {}, { q }))
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
    if (keys.current?.(event)) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Before the dropdown's code is in: the key opens it (it has no rows to move through yet).
      event.preventDefault()
      if (!open) openBox()
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      close()
    }
  }

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
          if (!open) openBox()
        }}
        onFocus={openBox}
        onClick={() => !open && openBox()}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={open && aria.expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? aria.activeId : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      {/* The placeholder's short form on a phone, where the full one would be cut (forms.css); where even
          that is cut (the cart's button beside it), «Поиск» alone. */}
      <span className="toolbar-search__hint" aria-hidden="true">
        Поиск<span className="toolbar-search__hint-rest"> товаров</span>
      </span>
      <button type="submit" className="toolbar-search__submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
      {Suggest ? (
        <Suggest
          listId={listId}
          text={text}
          open={open}
          inputRef={inputRef}
          keys={keys}
          onAria={onAria}
          onOpen={openBox}
          onClose={close}
          onSearch={searchFor}
          onNavigate={(url) => {
            setValue('')
            navigate(url)
          }}
        />
      ) : (
        // The field's `aria-controls` target until the dropdown's code is in; hidden, so it needs no
        // name (the dropdown's own list is named).
        <div className="suggest" hidden>
          <ul id={listId} role="listbox" className="suggest__list" />
        </div>
      )}
    </form>
  )
}

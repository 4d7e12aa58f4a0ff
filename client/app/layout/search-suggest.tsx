/**
 * The toolbar search's combobox dropdown (toolbar-search.tsx loads it when the field is first focused,
 * clicked or typed in): the on-device history and popular searches for the empty field, suggestions
 * as the shopper types (debounced by `SUGGEST_DEBOUNCE_MS`, a superseded request aborted) with a last
 * row «Все результаты по запросу …», arrow keys, Enter and Escape; a history entry is forgotten by its
 * × or by Delete on its row. The form, the field and its value stay in the toolbar, so nothing typed before
 * this code arrives is lost.
 */
import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { SUGGEST_DEBOUNCE_MS } from '#shared/constants.ts'
import type { Suggestion } from '#shared/models/search.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { useApi } from '#client/context/app-context.tsx'
import { clearSearchHistory, readSearchHistory, rememberSearch } from '#client/features/search/search-history.ts'
import { formatPrice } from '#client/lib/format.ts'
import { splitVolume } from '#client/features/ecom/line-volume.ts'
import { Icon } from '#client/components/icon.tsx'

export { rememberSearch }

/** One row of the dropdown; `all` searches for the typed text (the last row under the suggestions). */
type Option =
  | { kind: 'history'; text: string }
  | { kind: 'popular'; text: string }
  | { kind: 'all'; text: string }
  | { kind: 'suggestion'; suggestion: Suggestion }

const TYPE_NAMES: Record<Suggestion['type'], string> = { goods: 'Товар', brand: 'Бренд', category: 'Категория' }

/** The field's key handler of the dropdown: true when it handled the key. */
export type SuggestKeys = (event: KeyboardEvent<HTMLInputElement>) => boolean

export interface SearchSuggestProps {
  /** Id of the listbox (the field's `aria-controls`). */
  listId: string
  /** The field's trimmed text. */
  text: string
  open: boolean
  inputRef: RefObject<HTMLInputElement | null>
  /** Where the dropdown puts its key handler for the field's `onKeyDown`. */
  keys: RefObject<SuggestKeys | undefined>
  /** The field's `aria-expanded` and `aria-activedescendant`. */
  onAria: (expanded: boolean, activeId: string | undefined) => void
  onOpen: () => void
  onClose: () => void
  /** Searches for a history or popular entry as if submitted. */
  onSearch: (query: string, source: string) => void
  /** Opens a chosen suggestion's page. */
  onNavigate: (url: string) => void
}

/** The dropdown of the toolbar search. */
export function SearchSuggest({
  listId,
  text,
  open,
  inputRef,
  keys,
  onAria,
  onOpen,
  onClose,
  onSearch,
  onNavigate,
}: SearchSuggestProps) {
  const { track } = useAnalytics()
  const api = useApi()
  const [active, setActive] = useState(-1)
  const [history, setHistory] = useState<string[]>([])
  const [popular, setPopular] = useState<string[]>([])
  const [suggestions, setSuggestions] = useState<{ query: string; items: Suggestion[] }>({ query: '', items: [] })

  // The history is read each time the dropdown opens; a new text or a close forgets the active row.
  useEffect(() => {
    if (open) setHistory(readSearchHistory())
    else setActive(-1)
  }, [open])
  useEffect(() => setActive(-1), [text])

  // Suggestions: wait for a pause in typing, abort the request a newer one supersedes.
  useEffect(() => {
    if (!open || !text) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      // The search queries (and their schemas) load with the first suggestion request.
      import('#shared/queries/search.ts')
        .then(({ suggestionsQuery }) => suggestionsQuery(text).fetch(api, controller.signal))
        .then(
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
    import('#shared/queries/search.ts')
      .then(({ popularSuggestionsQuery }) => popularSuggestionsQuery().fetch(api, controller.signal))
      .then(
        (answer) => setPopular(answer.items.map((item) => item.text).slice(0, 8)),
        () => undefined,
      )
    return () => controller.abort()
  }, [open, text, popular.length, api])

  const options: Option[] = text
    ? suggestions.query === text && suggestions.items.length > 0
      ? [
          ...suggestions.items.map((suggestion) => ({ kind: 'suggestion' as const, suggestion })),
          { kind: 'all' as const, text },
        ]
      : []
    : [
        ...history.map((item) => ({ kind: 'history' as const, text: item })),
        ...popular.filter((item) => !history.includes(item)).map((item) => ({ kind: 'popular' as const, text: item })),
      ]
  const expanded = open && options.length > 0
  const optionId = (index: number) => `${listId}-option-${index}`
  const activeId = expanded && active >= 0 ? optionId(active) : undefined
  useEffect(() => onAria(expanded, activeId), [expanded, activeId, onAria])

  const choose = (option: Option) => {
    if (option.kind === 'suggestion') {
      track('search_suggestion_click', { type: option.suggestion.type, position: options.indexOf(option) + 1 })
      // The history keeps what the shopper chose («Шампуни»), not the fragment typed to find it.
      setHistory(rememberSearch(option.suggestion.text))
      onClose()
      // The field is cleared: the fragment typed to find the page says nothing on the page.
      onNavigate(option.suggestion.url)
    } else {
      onSearch(option.text, option.kind)
    }
  }

  /** Forgets one history entry; the field keeps the focus and the dropdown stays open. */
  const forget = (entry: string) => {
    setHistory(clearSearchHistory(entry))
    setActive(-1)
    track('search_history_remove_click')
    inputRef.current?.focus()
  }

  // The field's keys, with this render's options (the toolbar calls it from its onKeyDown).
  useLayoutEffect(() => {
    keys.current = (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        if (!open) onOpen()
        if (options.length === 0) return true
        const step = event.key === 'ArrowDown' ? 1 : -1
        const count = options.length
        // -1 is the field itself; arrows cycle through the options and back to the field.
        setActive((current) => {
          const next = current + step
          return next < -1 ? count - 1 : next >= count ? -1 : next
        })
        return true
      }
      // Delete on a history row forgets it (the × of the row, for the keyboard).
      const current = expanded && active >= 0 ? options[active] : undefined
      if (event.key === 'Delete' && current?.kind === 'history') {
        event.preventDefault()
        forget(current.text)
        return true
      }
      if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
        event.preventDefault()
        choose(options[active])
        return true
      }
      return false
    }
  })

  const hasHistory = !text && history.length > 0
  return (
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
      <ul
        id={listId}
        role="listbox"
        aria-label={text ? 'Подсказки' : 'История и популярные запросы'}
        className="suggest__list"
      >
        {options.map((option, index) => (
          <li
            key={
              option.kind === 'suggestion'
                ? `${option.suggestion.type}-${option.suggestion.id}`
                : `${option.kind}-${option.text}`
            }
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`suggest__option suggest__option--${option.kind}${index === active ? ' is-active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.kind === 'all' ? (
              <>
                <Icon name="search" size={18} />
                <span className="suggest__text">
                  Все результаты по запросу «<span className="suggest__query">{option.text}</span>»
                </span>
                <Icon name="chevron-right" size={18} />
              </>
            ) : option.kind === 'suggestion' ? (
              <>
                {option.suggestion.image ? (
                  <img className="suggest__image" src={option.suggestion.image.url} width={40} height={40} alt="" />
                ) : (
                  <span className="suggest__image" />
                )}
                <SuggestionText suggestion={option.suggestion} />
              </>
            ) : (
              <>
                <Icon name={option.kind === 'history' ? 'clock' : 'search'} size={18} />
                <span className="suggest__text">{option.text}</span>
                {option.kind === 'popular' && <span className="suggest__meta">Популярное</span>}
                {option.kind === 'history' && (
                  // A pointer's way to forget one entry; the keyboard's is Delete on the active row
                  // (a button inside an option would not be reachable: the option's content is presentational).
                  <span
                    className="suggest__remove"
                    aria-hidden="true"
                    title="Удалить из истории"
                    data-remove={option.text}
                    onClick={(event) => {
                      event.stopPropagation()
                      forget(option.text)
                    }}
                  >
                    <Icon name="close" size={16} />
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A suggestion's name and what tells it apart: goods names get three lines (so «Шампунь бессульфатный
 * «Витамин С» Травы Алтая» keeps its brand) and the volume moves beside the price, where it is never cut.
 */
function SuggestionText({ suggestion }: { suggestion: Suggestion }) {
  const { name, volume } =
    suggestion.type === 'goods' ? splitVolume(suggestion.text) : { name: suggestion.text, volume: undefined }
  return (
    <>
      <span className="suggest__text">
        {name}
        {volume && <span className="visually-hidden">, {volume}</span>}
      </span>
      <span className="suggest__meta">
        {suggestion.price !== null ? formatPrice(suggestion.price) : TYPE_NAMES[suggestion.type]}
        {volume && (
          <span className="suggest__volume" aria-hidden="true">
            {volume}
          </span>
        )}
      </span>
    </>
  )
}

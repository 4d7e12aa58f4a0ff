/**
 * `<GoodsList scope search basePath>`: a goods list whose page, sort and filters live in the URL —
 * sort select, filter panel, removable chips of the active filters, 'Показать ещё' (appends the next
 * page and moves the URL to it, scrolling to the new cards) and pagination with real links. Sort and
 * filters are one GET form, so they work without JavaScript too. Used by the catalogue and the search page.
 */
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { Link } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { CATALOG_PAGE_SIZE, KEEPS_FOCUS_ATTRIBUTE } from '#shared/constants.ts'
import type { GoodsSort } from '#shared/models/goods.ts'
import type { GoodsFiltersShape } from '#shared/queries/views.ts'
import {
  goodsListArgs,
  goodsListQuery,
  hasFilters,
  withoutFilters,
  listStateFromSearch,
  listStateToSearch,
  type ListState,
} from '#shared/queries/catalog.ts'
import type { SearchParams } from '#shared/routing/types.ts'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useSteppedCount } from '#client/components/use-stepped-count.ts'
import { countLabel } from '#client/lib/format.ts'
import { useQuery } from '#client/data/use-query.ts'
import { useFavorites, type FavoritesApi } from '#client/features/product/use-favorites.ts'
import { ActiveFilters } from './active-filters.tsx'
import { FiltersPanel } from './filters-panel.tsx'
import { Pagination } from './pagination.tsx'
import { ProductCard } from './product-card.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { GOODS_FORMS, SORT_NAMES } from './list-texts.ts'

export interface GoodsListProps {
  scope: { q?: string | undefined; categoryId?: number | undefined }
  search: SearchParams
  /** Path of the list without query (`/catalog/12-litso`). */
  basePath: string
  /** Extra query kept in every list URL (`q` of the search page). */
  keep?: Record<string, string | undefined>
  filters?: GoodsFiltersShape | undefined
  /** Sort orders offered; defaults to the filter data's or all. */
  sorts?: readonly GoodsSort[]
  /** Shown under «Ничего не нашлось» when the list is empty without filters (the search's help). */
  whenEmpty?: ReactNode
}

/** Id of the first card of a loaded page (the show-more scroll target). */
export const pageAnchor = (page: number): string => `goods-page-${page}`

export interface Range {
  key: string
  first: number
  last: number
}

/**
 * The pages a list shows once its URL says `page` of the list `key`: the pages shown so far and the next
 * one when «Показать ещё» asked for exactly that page (`asked`), otherwise that page alone (a new filter
 * or sort, a page link, Back). A function of its arguments only, so a render React throws away and runs
 * again decides the same.
 */
export function shownRange(range: Range, key: string, page: number, asked: number | undefined): Range {
  if (range.key === key && page === range.last) return range
  return range.key === key && asked === page && page === range.last + 1
    ? { ...range, last: page }
    : { key, first: page, last: page }
}

/**
 * The id of the list's GET form. A page shows one goods list, and a fixed id (not `useId`, which depends
 * on the element's place in the tree) lets the server keep the filter groups' HTML.
 */
const LIST_FORM_ID = 'list-form'

/** Field of `history.state` where a list entry keeps its loaded pages and the card the shopper opened. */
const RETURN_FIELD = '__goodsReturn'
/** How long a return keeps the opened card on screen while the pages above it load, in ms. */
const RETURN_HOLD_MS = 4_000

/** What a list entry remembers for Back and reload (kept in the entry's own `history.state`). */
interface ListReturn extends Range {
  goodsId: number
}

/** The return point stored in the current history entry, if any. */
function readReturn(): ListReturn | undefined {
  const state: unknown = typeof history === 'undefined' ? undefined : history.state
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[RETURN_FIELD] : undefined
  if (!value || typeof value !== 'object') return undefined
  const { key, first, last, goodsId } = value as Partial<ListReturn>
  return typeof key === 'string' &&
    typeof first === 'number' &&
    typeof last === 'number' &&
    typeof goodsId === 'number' &&
    first >= 1 &&
    first <= last
    ? { key, first, last, goodsId }
    : undefined
}

/** Stores the return point in the current history entry, keeping what else is there (the scroll key). */
function writeReturn(point: ListReturn): void {
  const state: unknown = history.state
  history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [RETURN_FIELD]: point }, '')
}

/**
 * Keeps the opened card in the middle of the screen while the pages loaded above it come in (Back or
 * reload after «Показать ещё»), until the shopper scrolls or types, or a few seconds pass.
 */
function holdCardInView(goodsId: number): () => void {
  let frame = 0
  const started = performance.now()
  const stop = () => {
    cancelAnimationFrame(frame)
    for (const type of inputs) window.removeEventListener(type, stop)
  }
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  for (const type of inputs) window.addEventListener(type, stop, { passive: true })
  const tick = () => {
    const card = document.querySelector<HTMLElement>(`[data-goods-id="${goodsId}"]`)
    const loading = document.querySelector('.goods-list__placeholder') !== null
    if (card && !loading) {
      const rect = card.getBoundingClientRect()
      if (rect.top < 0 || rect.bottom > window.innerHeight) card.scrollIntoView({ block: 'center' })
    }
    if (performance.now() - started < RETURN_HOLD_MS) frame = requestAnimationFrame(tick)
    else stop()
  }
  frame = requestAnimationFrame(tick)
  return stop
}

/** The list with its toolbar, filters and paging. */
export function GoodsList({ scope, search, basePath, keep = {}, filters, sorts, whenEmpty }: GoodsListProps) {
  // The browser location's own `navigate`, not wouter's `useLocation`: that subscribes the list to the
  // location, and a tap on a card's link would render the list and its 24 cards again in its own task
  // (decision 032). The list's state comes from the page's `search`.
  const { track } = useAnalytics()
  const favorites = useFavorites()
  const state = listStateFromSearch(search)
  const key = JSON.stringify(goodsListArgs({ ...state, page: 1 }, scope))
  // The page «Показать ещё» asked for, until the range has it. Read during render, written only in
  // the tap and in an effect: a transition's render can be thrown away and run again (a busy phone, an
  // answer arriving), and a render that cleared it left the second run showing the new page alone.
  const appending = useRef<number | undefined>(undefined)
  const [range, setRange] = useState<Range>({ key, first: state.page, last: state.page })
  const shown = shownRange(range, key, state.page, appending.current)
  if (shown !== range) setRange(shown)
  useEffect(() => {
    // The asked-for page is in (or the list went elsewhere): a later link to the next page is a page of its own.
    appending.current = undefined
  }, [range])

  // Back or reload to this entry: the pages loaded with «Показать ещё» come back (the server rendered
  // only the last one, so the rest is added after hydration), and the card the shopper opened is shown.
  const returnTo = useRef<number | undefined>(undefined)
  useLayoutEffect(() => {
    const point = readReturn()
    if (!point || point.key !== key || point.last !== state.page) return
    returnTo.current = point.goodsId
    if (point.first !== state.page) setRange({ key, first: point.first, last: point.last })
    // Once per mounted list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    const goodsId = returnTo.current
    if (goodsId === undefined) return
    returnTo.current = undefined
    return holdCardInView(goodsId)
  }, [])
  const rememberOpened = (event: MouseEvent<HTMLUListElement>) => {
    // Only a link leaves the list: a card's «В корзину» or heart writes no history entry (a
    // `replaceState` in the tap's task, which the location's subscribers hear).
    const link = (event.target as HTMLElement).closest('a[href]')
    const item = link?.closest<HTMLElement>('[data-goods-id]')
    const goodsId = Number(item?.dataset.goodsId)
    if (Number.isInteger(goodsId)) writeReturn({ key, first: shown.first, last: shown.last, goodsId })
  }

  const urlOf = (next: ListState, anchor?: string) =>
    `${basePath}${listStateToSearch(next, keep)}${anchor ? `#${anchor}` : ''}`
  const { data: lastPage } = useQuery(goodsListQuery(goodsListArgs({ ...state, page: shown.last }, scope)))
  const total = lastPage?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE))
  const pageNumbers = Array.from({ length: shown.last - shown.first + 1 }, (_, i) => shown.first + i)

  const go = (next: ListState) => {
    if (next.sort !== state.sort) track('catalog_sort_change', { sort: next.sort ?? 'popular' })
    else
      track('catalog_filter_apply', {
        brands: next.brand.length,
        labels: next.label.length,
        in_stock: next.inStock,
        discounted: next.discounted,
        price_min: next.priceMin,
        price_max: next.priceMax,
      })
    navigate(urlOf({ ...next, page: 1 }))
  }
  const showMore = () => {
    track('catalog_showMore_click', { page: shown.last + 1 })
    appending.current = shown.last + 1
    navigate(urlOf({ ...state, page: shown.last + 1 }, pageAnchor(shown.last + 1)), { replace: true })
  }
  const sortOptions = sorts ?? filters?.sorts ?? (Object.keys(SORT_NAMES) as GoodsSort[])
  const noFilters = withoutFilters(state)
  // With JavaScript the form's submit (a price and Enter, «Применить») is a client navigation; without
  // it the browser sends the same fields as a GET.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const next = listStateFromSearch(formSearch(new FormData(event.currentTarget)))
    // «от 900 до 100» means 100 to 900: the bounds are swapped rather than finding nothing.
    const swap = next.priceMin !== undefined && next.priceMax !== undefined && next.priceMin > next.priceMax
    go({
      ...next,
      sort: next.sort === 'popular' ? undefined : next.sort,
      priceMin: swap ? next.priceMax : next.priceMin,
      priceMax: swap ? next.priceMin : next.priceMax,
    })
  }

  return (
    <div className={filters ? 'goods-list' : 'goods-list goods-list--no-filters'}>
      <form id={LIST_FORM_ID} method="get" action={basePath} onSubmit={submit} hidden>
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
      </form>
      <FiltersPanel
        filters={filters}
        state={state}
        onChange={go}
        resetHref={urlOf(noFilters)}
        form={LIST_FORM_ID}
        total={lastPage ? total : undefined}
      />
      <div className="goods-list__main">
        <div className="list-toolbar">
          <p className="goods-list__count" aria-live="polite">
            {lastPage ? `Найдено ${countLabel(total, GOODS_FORMS)}` : ''}
          </p>
          {/* Nothing to sort in an empty list. */}
          <label
            className="goods-list__sort"
            hidden={lastPage !== undefined && total === 0}
            {...{ [KEEPS_FOCUS_ATTRIBUTE]: '' }}
          >
            <span className="goods-list__sort-label">Сортировка</span>
            <select
              className="select"
              name="sort"
              form={LIST_FORM_ID}
              value={state.sort ?? 'popular'}
              onChange={(event) =>
                go({ ...state, sort: event.target.value === 'popular' ? undefined : (event.target.value as GoodsSort) })
              }
            >
              {sortOptions.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_NAMES[sort]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" form={LIST_FORM_ID} size="sm" variant="secondary" className="no-script-only">
            Показать
          </Button>
        </div>
        {filters && <ActiveFilters filters={filters} state={state} hrefOf={(next) => urlOf({ ...next, page: 1 })} />}
        {lastPage && total === 0 ? (
          <>
            <EmptyState
              title="Ничего не нашлось"
              text={hasFilters(state) ? 'Попробуйте убрать часть фильтров.' : 'Попробуйте изменить запрос.'}
              icon="search"
              action={
                hasFilters(state) ? (
                  <Link href={urlOf(noFilters)} className="btn btn--primary btn--md">
                    Сбросить фильтры
                  </Link>
                ) : undefined
              }
            />
            {!hasFilters(state) && whenEmpty}
          </>
        ) : lastPage && lastPage.items.length === 0 && shown.first === shown.last ? (
          <EmptyState
            title="На этой странице товаров нет"
            text={`Всего ${countLabel(total, GOODS_FORMS)} — они на страницах с 1 по ${pages}.`}
            icon="search"
            action={
              <Link href={urlOf({ ...state, page: 1 })} className="btn btn--primary btn--md">
                К первой странице
              </Link>
            }
          />
        ) : (
          <ul className="product-grid product-grid--list" aria-label="Товары" onClickCapture={rememberOpened}>
            {pageNumbers.map((page) => (
              <GoodsChunk
                key={page}
                page={page}
                args={goodsListArgs({ ...state, page }, scope)}
                favorites={favorites}
                eager={page === shown.first}
                list={scope.q === undefined ? 'catalog' : 'search'}
              />
            ))}
          </ul>
        )}
        {shown.last < pages && (
          <div className="show-more">
            <Button variant="secondary" size="lg" onClick={showMore}>
              Показать ещё
            </Button>
          </div>
        )}
        <Pagination
          page={shown.last}
          firstLoaded={shown.first}
          pages={pages}
          pathFor={(page) => urlOf({ ...state, page })}
        />
      </div>
    </div>
  )
}

/** The form's fields as query parameters (repeated names stay lists). */
function formSearch(data: FormData): SearchParams {
  const search: Record<string, string | string[]> = {}
  for (const [name, value] of data) {
    if (typeof value !== 'string') continue
    const known = search[name]
    search[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value]
  }
  return search
}

interface GoodsChunkProps {
  page: number
  args: ReturnType<typeof goodsListArgs>
  favorites: FavoritesApi
  eager: boolean
  list: string
}

/** Whether two renders of a page of cards show the same: its arguments compared by value. */
const sameChunk = (a: GoodsChunkProps, b: GoodsChunkProps): boolean =>
  a.page === b.page &&
  a.favorites === b.favorites &&
  a.eager === b.eager &&
  a.list === b.list &&
  JSON.stringify(a.args) === JSON.stringify(b.args)

/**
 * One loaded page of cards (list items of the shared grid). Memoized, with its query arguments compared
 * by value: «Показать ещё» renders the list again with a new page, and the pages already on screen
 * must not render their cards again in that task (decision 032).
 */
const GoodsChunk = memo(function GoodsChunk({ page, args, favorites, eager, list }: GoodsChunkProps) {
  const { data, error } = useQuery(goodsListQuery(args))
  // A page of cards that comes after hydration renders its first screen at once and the rest in the
  // next frames (use-stepped-count.ts); the scroll target, the page's first card, is in the first step.
  const count = useSteppedCount(data?.items.length ?? 0, JSON.stringify(args))
  if (error && !data) {
    return (
      <li id={pageAnchor(page)} className="goods-list__error" role="alert">
        Не удалось загрузить товары. Попробуйте ещё раз.
      </li>
    )
  }
  if (!data) {
    return (
      <>
        {Array.from({ length: 4 }, (_, i) => (
          <li
            key={i}
            id={i === 0 ? pageAnchor(page) : undefined}
            className="goods-list__placeholder"
            aria-hidden="true"
          >
            <Skeleton className="goods-list__skeleton" />
          </li>
        ))}
      </>
    )
  }
  return (
    <>
      {data.items.slice(0, count).map((goods, index) => (
        // The card says its goods (`data-goods-id`); the item does not repeat it (the page's HTML has a budget).
        <li key={goods.id} id={index === 0 ? pageAnchor(page) : undefined}>
          <ProductCard
            goods={goods}
            favorites={favorites}
            eager={eager && index < 4}
            position={(page - 1) * CATALOG_PAGE_SIZE + index}
            list={list}
          />
        </li>
      ))}
    </>
  )
}, sameChunk)

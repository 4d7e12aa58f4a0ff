/**
 * `<ActiveFilters filters state hrefOf>`: the filters a list has on, as chips above the goods. Each chip
 * is a link to the list without that filter, so it works without JavaScript too; «Сбросить все» ends
 * the row when more than one is on.
 */
import { Link } from 'wouter'
import type { GoodsFiltersShape } from '#shared/queries/views.ts'
import { withoutFilters, type ListState } from '#shared/queries/catalog.ts'
import { formatPrice } from '#client/lib/format.ts'
import { LABEL_NAMES } from './texts.ts'

/** One active filter: its chip text and the state without it. */
interface Active {
  key: string
  text: string
  without: ListState
}

/** The active filters of a list state, in the panel's order. */
export function activeFilters(filters: GoodsFiltersShape, state: ListState): Active[] {
  const list: Active[] = []
  if (state.inStock) list.push({ key: 'inStock', text: 'В наличии', without: { ...state, inStock: false } })
  if (state.discounted) list.push({ key: 'discounted', text: 'Со скидкой', without: { ...state, discounted: false } })
  if (state.store) list.push({ key: 'store', text: 'Есть в моём магазине', without: { ...state, store: undefined } })
  for (const label of state.label) {
    const text = LABEL_NAMES[label as keyof typeof LABEL_NAMES]
    if (text)
      list.push({ key: `label-${label}`, text, without: { ...state, label: state.label.filter((l) => l !== label) } })
  }
  if (state.priceMin !== undefined || state.priceMax !== undefined) {
    const parts = [
      state.priceMin !== undefined ? `от ${formatPrice(state.priceMin)}` : '',
      state.priceMax !== undefined ? `до ${formatPrice(state.priceMax)}` : '',
    ]
    list.push({
      key: 'price',
      text: `Цена ${parts.filter(Boolean).join(' ')}`,
      without: { ...state, priceMin: undefined, priceMax: undefined },
    })
  }
  for (const slug of state.brand) {
    const brand = filters.brands.find((item) => item.slug === slug)
    list.push({
      key: `brand-${slug}`,
      text: brand?.name ?? slug,
      without: { ...state, brand: state.brand.filter((b) => b !== slug) },
    })
  }
  return list
}

/** The chips row; nothing when no filter is on. */
export function ActiveFilters({
  filters,
  state,
  hrefOf,
}: {
  filters: GoodsFiltersShape
  state: ListState
  hrefOf: (next: ListState) => string
}) {
  const list = activeFilters(filters, state)
  if (list.length === 0) return null
  const none = withoutFilters(state)
  return (
    <ul className="chips active-filters" aria-label="Выбранные фильтры">
      {list.map((item) => (
        <li key={item.key}>
          <Link
            href={hrefOf(item.without)}
            className="chip active-filters__chip"
            aria-label={`Убрать фильтр: ${item.text}`}
          >
            {item.text}
          </Link>
        </li>
      ))}
      {list.length > 1 && (
        <li>
          <Link href={hrefOf(none)} className="active-filters__reset">
            Сбросить все
          </Link>
        </li>
      )}
    </ul>
  )
}

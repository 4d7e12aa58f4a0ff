/**
 * `<FiltersPanel filters state onChange>`: brand, label, availability, discount and price filters.
 * Every change writes the URL (through `onChange`); on a phone the panel opens from a button.
 */
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react'
import { STORAGE } from '#shared/cookies.ts'
import { Link } from 'wouter'
import type { GoodsFiltersShape } from '#shared/queries/views.ts'
import { hasFilters, type ListState } from '#shared/queries/catalog.ts'
import { Button } from '#client/components/ui/button.tsx'
import { formatPrice } from '#client/lib/format.ts'
import { LABEL_NAMES } from './texts.ts'

export interface FiltersPanelProps {
  filters: GoodsFiltersShape | undefined
  state: ListState
  onChange: (next: ListState) => void
  /** The list URL without filters. */
  resetHref: string
}

const BRANDS_SHOWN = 8

/**
 * One filter checkbox: a native input styled as the box, inside its label. The shared `Checkbox` draws
 * the box in a separate element and links input and label by id; a panel repeats this up to ten times
 * on every catalogue page, so the lighter form saves about 150 bytes of HTML each.
 */
function FilterOption({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="filters__option">
      <input type="checkbox" checked={checked} onChange={onChange} />
      {label}
    </label>
  )
}

/** The chosen store's code on this device ('' without one, on the server and while hydrating). */
const chosenStore = (): string => {
  try {
    return localStorage.getItem(STORAGE.shopCode) ?? ''
  } catch {
    return ''
  }
}
const noStore = () => ''
const onStorage = (change: () => void) => {
  window.addEventListener('storage', change)
  return () => window.removeEventListener('storage', change)
}

const toggled = (list: readonly string[], value: string): string[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value]

/** Filter panel of goods lists. */
export function FiltersPanel({ filters, state, onChange, resetHref }: FiltersPanelProps) {
  const [open, setOpen] = useState(false)
  const [allBrands, setAllBrands] = useState(false)
  const panelId = useId()
  const device = useSyncExternalStore(onStorage, chosenStore, noStore)
  if (!filters) return null
  const active =
    state.brand.length +
    state.label.length +
    (state.inStock ? 1 : 0) +
    (state.discounted ? 1 : 0) +
    (state.store ? 1 : 0) +
    (state.priceMin !== undefined || state.priceMax !== undefined ? 1 : 0)
  const brands = [...filters.brands].sort(
    (a, b) => Number(state.brand.includes(b.slug)) - Number(state.brand.includes(a.slug)) || b.count - a.count,
  )
  const visibleBrands = allBrands ? brands : brands.slice(0, BRANDS_SHOWN)

  const onPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const read = (name: string) => {
      const value = String(form.get(name) ?? '')
        .replace(/\s/g, '')
        .replace(',', '.')
      return value && Number.isFinite(Number(value)) && Number(value) >= 0 ? Math.round(Number(value)) : undefined
    }
    const low = read('priceMin')
    const high = read('priceMax')
    // «от 900 до 100» means 100 to 900: the bounds are swapped rather than finding nothing.
    const swap = low !== undefined && high !== undefined && low > high
    onChange({ ...state, priceMin: swap ? high : low, priceMax: swap ? low : high })
  }

  return (
    <aside className={open ? 'filters is-open' : 'filters'} aria-label="Фильтры">
      <button
        type="button"
        className="filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Фильтры{active > 0 ? ` (${active})` : ''}
      </button>
      <div className="filters__body" id={panelId}>
        <fieldset className="filters__group">
          <legend className="filters__legend">Наличие и скидки</legend>
          <FilterOption
            label={`В наличии (${filters.inStockCount})`}
            checked={state.inStock}
            onChange={() => onChange({ ...state, inStock: !state.inStock })}
          />
          <FilterOption
            label={`Со скидкой (${filters.discountedCount})`}
            checked={state.discounted}
            onChange={() => onChange({ ...state, discounted: !state.discounted })}
          />
          {(device || state.store) && (
            <FilterOption
              label="Есть в моём магазине"
              checked={state.store !== undefined}
              onChange={() => onChange({ ...state, store: state.store ? undefined : device, page: 1 })}
            />
          )}
        </fieldset>
        {filters.labels.length > 0 && (
          <fieldset className="filters__group">
            <legend className="filters__legend">Метки</legend>
            <div className="chips">
              {filters.labels.map(({ label, count }) => (
                <button
                  key={label}
                  type="button"
                  className="chip"
                  aria-pressed={state.label.includes(label)}
                  onClick={() => onChange({ ...state, label: toggled(state.label, label) })}
                >
                  {`${LABEL_NAMES[label]} `}
                  <span className="filters__count">{count}</span>
                </button>
              ))}
            </div>
          </fieldset>
        )}
        <fieldset className="filters__group">
          <legend className="filters__legend">Цена, ₽</legend>
          <form className="filters__price" onSubmit={onPrice} key={`${state.priceMin}-${state.priceMax}`}>
            <label className="filters__price-field">
              <span className="visually-hidden">Цена от</span>
              <input
                className="input filters__input"
                name="priceMin"
                inputMode="numeric"
                placeholder={`от ${formatPrice(filters.price.min)}`}
                defaultValue={state.priceMin ?? ''}
                maxLength={8}
              />
            </label>
            <label className="filters__price-field">
              <span className="visually-hidden">Цена до</span>
              <input
                className="input filters__input"
                name="priceMax"
                inputMode="numeric"
                placeholder={`до ${formatPrice(filters.price.max)}`}
                defaultValue={state.priceMax ?? ''}
                maxLength={8}
              />
            </label>
            <Button type="submit" size="sm" variant="secondary">
              Применить
            </Button>
          </form>
        </fieldset>
        {filters.brands.length > 0 && (
          <fieldset className="filters__group">
            <legend className="filters__legend">Бренды</legend>
            <div className="filters__brands">
              {visibleBrands.map((brand) => (
                <FilterOption
                  key={brand.slug}
                  label={`${brand.name} (${brand.count})`}
                  checked={state.brand.includes(brand.slug)}
                  onChange={() => onChange({ ...state, brand: toggled(state.brand, brand.slug) })}
                />
              ))}
            </div>
            {brands.length > BRANDS_SHOWN && (
              <button
                type="button"
                className="filters__more"
                aria-expanded={allBrands}
                onClick={() => setAllBrands(!allBrands)}
              >
                {allBrands ? 'Свернуть' : `Все бренды (${brands.length})`}
              </button>
            )}
          </fieldset>
        )}
        {hasFilters(state) && (
          <Link href={resetHref} className="filters__reset">
            Сбросить фильтры
          </Link>
        )}
      </div>
    </aside>
  )
}

/**
 * `<FiltersPanel filters state onChange>`: brand, label, availability, discount and price filters.
 * Every change writes the URL (through `onChange`). The fields belong to the list's GET form (`form`),
 * so without JavaScript «Применить» submits them. On a phone the panel opens from a button as a
 * full-screen sheet whose «Показать N товаров» closes it over the list it has already filtered.
 */
import { memo, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { KEEPS_FOCUS_ATTRIBUTE } from '#shared/constants.ts'
import { STORAGE } from '#shared/cookies.ts'
import { Link } from 'wouter'
import type { GoodsFiltersShape } from '#shared/queries/views.ts'
import { hasFilters, type ListState } from '#shared/queries/catalog.ts'
import { Button } from '#client/components/ui/button.tsx'
import { afterNextFrame } from '#client/lib/after-next-frame.ts'
import { CachedChildren } from '#client/components/fragment-cache.tsx'
import { countLabel, formatNumber } from '#client/lib/format.ts'
import { LABEL_NAMES } from './texts.ts'
import { GOODS_FORMS } from './list-texts.ts'

export interface FiltersPanelProps {
  filters: GoodsFiltersShape | undefined
  state: ListState
  onChange: (next: ListState) => void
  /** The list URL without filters. */
  resetHref: string
  /** Id of the list's GET form the fields submit with. */
  form: string
  /** Goods the list shows now (the sheet's «Показать N товаров»); undefined while they load. */
  total: number | undefined
}

const BRANDS_SHOWN = 8

/**
 * One filter checkbox: a native input styled as the box, inside its label. The shared `Checkbox` draws
 * the box in a separate element and links input and label by id; a panel repeats this up to ten times
 * on every catalogue page, so the lighter form saves about 150 bytes of HTML each.
 */
function FilterOption({
  label,
  checked,
  onChange,
  name,
  value = '1',
  form,
}: {
  label: string
  checked: boolean
  onChange: () => void
  name: string
  value?: string
  form: string
}) {
  return (
    <label className="filters__option">
      <input type="checkbox" name={name} value={value} form={form} checked={checked} onChange={onChange} />
      {label}
    </label>
  )
}

/** One bound of the price filter: a numeric field of the list's form, named for screen readers. */
function PriceField({
  form,
  name,
  label,
  placeholder,
  value,
}: {
  form: string
  name: 'priceMin' | 'priceMax'
  label: string
  placeholder: string
  value: number | undefined
}) {
  return (
    <label className="filters__price-field">
      <span className="visually-hidden">{label}</span>
      <input
        className="input filters__input"
        name={name}
        form={form}
        inputMode="numeric"
        placeholder={placeholder}
        defaultValue={value ?? ''}
        maxLength={8}
      />
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
export function FiltersPanel({ filters, state, onChange, resetHref, form, total }: FiltersPanelProps) {
  const [open, setOpen] = useState(false)
  const [allBrands, setAllBrands] = useState(false)
  const panelId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const device = useSyncExternalStore(onStorage, chosenStore, noStore)
  const body = useRef<HTMLDivElement>(null)
  // Opening waits for the frame that paints the tap: the sheet's render, style and layout in the tap's
  // own task made it the interaction's longest (decision 032, amendment of the seventeenth session).
  const opening = useRef<() => void>(undefined)
  useEffect(() => () => opening.current?.(), [])
  // The sheet is modal: focus moves into it and stays there (a filter's navigation focuses the page's
  // heading behind it: focus goes back to the field), Escape closes it, and focus returns to «Фильтры».
  useEffect(() => {
    if (!open) return
    const opener = toggle.current
    let last: HTMLElement | null = close.current
    // The sheet's close button is at its top, on screen: no scroll, so no layout in this task (decision 032).
    last?.focus({ preventScroll: true })
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLElement
      if (body.current?.contains(target)) last = target
      else if (last?.isConnected) last.focus()
      else close.current?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('focusin', onFocus)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('focusin', onFocus)
      document.removeEventListener('keydown', onKey)
      if (opener?.isConnected) opener.focus()
    }
  }, [open])
  if (!filters) return null
  const done = () => setOpen(false)
  const active =
    state.brand.length +
    state.label.length +
    (state.inStock ? 1 : 0) +
    (state.discounted ? 1 : 0) +
    (state.store ? 1 : 0) +
    (state.priceMin !== undefined || state.priceMax !== undefined ? 1 : 0)
  return (
    <aside className={open ? 'filters is-open' : 'filters'} aria-label="Фильтры" {...{ [KEEPS_FOCUS_ATTRIBUTE]: '' }}>
      <button
        ref={toggle}
        type="button"
        className="filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          opening.current?.()
          opening.current = undefined
          if (open) setOpen(false)
          else opening.current = afterNextFrame(() => setOpen(true))
        }}
      >
        Фильтры
        {active > 0 && (
          <span className="filters__toggle-count">
            <span className="visually-hidden"> (</span>
            {active}
            <span className="visually-hidden">)</span>
          </span>
        )}
      </button>
      <div
        className="filters__body"
        id={panelId}
        ref={body}
        {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `${panelId}-title` } : {})}
      >
        <div className="filters__head">
          <p className="filters__title" id={`${panelId}-title`}>
            Фильтры
          </p>
          <button ref={close} type="button" className="filters__close" onClick={done} aria-label="Закрыть фильтры">
            ✕
          </button>
        </div>
        {/* The groups' HTML depends on the filters answer and the form alone while nothing is chosen: the
            server keeps it (a category page's largest part after its cards). */}
        <FilterGroups
          filters={filters}
          state={state}
          onChange={onChange}
          form={form}
          device={device}
          allBrands={allBrands}
          setAllBrands={setAllBrands}
        />
        <div className="filters__foot">
          {hasFilters(state) && (
            <Link href={resetHref} className="filters__reset">
              Сбросить фильтры
            </Link>
          )}
          <Button className="filters__show" variant="primary" size="lg" fullWidth onClick={done}>
            {total === undefined ? 'Показать товары' : `Показать ${countLabel(total, GOODS_FORMS)}`}
          </Button>
        </div>
      </div>
    </aside>
  )
}

/**
 * The panel's groups of fields. Memoized: opening or closing the sheet changes the panel's state only,
 * and the groups (two dozen fields) must not render again in the tap's task (decision 032).
 */
const FilterGroups = memo(function FilterGroups({
  filters,
  state,
  onChange,
  form,
  device,
  allBrands,
  setAllBrands,
}: {
  filters: GoodsFiltersShape
  state: ListState
  onChange: (next: ListState) => void
  form: string
  /** The chosen store's code on this device ('' without one). */
  device: string
  allBrands: boolean
  setAllBrands: (all: boolean) => void
}) {
  const brands = [...filters.brands].sort(
    (a, b) => Number(state.brand.includes(b.slug)) - Number(state.brand.includes(a.slug)) || b.count - a.count,
  )
  const visibleBrands = allBrands ? brands : brands.slice(0, BRANDS_SHOWN)
  return (
    <CachedChildren
      as="div"
      className="filters__groups"
      owner={filters}
      variant={form}
      personal={hasFilters(state) || device !== '' || allBrands}
    >
      {() => (
        <>
          <fieldset className="filters__group">
            <legend className="filters__legend">Наличие и скидки</legend>
            <FilterOption
              form={form}
              name="inStock"
              label={`В наличии (${filters.inStockCount})`}
              checked={state.inStock}
              onChange={() => onChange({ ...state, inStock: !state.inStock })}
            />
            <FilterOption
              form={form}
              name="discounted"
              label={`Со скидкой (${filters.discountedCount})`}
              checked={state.discounted}
              onChange={() => onChange({ ...state, discounted: !state.discounted })}
            />
            {(device || state.store) && (
              <FilterOption
                form={form}
                name="store"
                value={state.store ?? device}
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
                  <label key={label} className="chip filters__chip">
                    <input
                      type="checkbox"
                      name="label"
                      value={label}
                      form={form}
                      checked={state.label.includes(label)}
                      onChange={() => onChange({ ...state, label: toggled(state.label, label) })}
                    />
                    {`${LABEL_NAMES[label]} `}
                    <span className="filters__count">{count}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <fieldset className="filters__group">
            {/* The legend names the rouble: the bounds alone fit the column's narrow fields. */}
            <legend className="filters__legend">Цена, ₽</legend>
            <div className="filters__price" key={`${state.priceMin}-${state.priceMax}`}>
              <PriceField
                form={form}
                name="priceMin"
                label="Цена от"
                placeholder={`от ${formatNumber(Math.floor(filters.price.min))}`}
                value={state.priceMin}
              />
              <PriceField
                form={form}
                name="priceMax"
                label="Цена до"
                placeholder={`до ${formatNumber(Math.ceil(filters.price.max))}`}
                value={state.priceMax}
              />
              <Button type="submit" form={form} size="sm" variant="secondary">
                Применить
              </Button>
            </div>
          </fieldset>
          {filters.brands.length > 0 && (
            <fieldset className="filters__group">
              <legend className="filters__legend">Бренды</legend>
              <div className="filters__brands">
                {visibleBrands.map((brand) => (
                  <FilterOption
                    key={brand.slug}
                    form={form}
                    name="brand"
                    value={brand.slug}
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
        </>
      )}
    </CachedChildren>
  )
})

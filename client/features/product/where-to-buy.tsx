/**
 * «Где купить сегодня» on a product page: the stores nearest to the shopper, those with the goods
 * first, each with its address, distance (geolocation already allowed, or a chosen store), today's
 * hours and «Есть» / «Мало» / «Нет» (where-to-buy-rows.ts), pins on the store picker's Leaflet map
 * when the shopper opens it, and «Выбрать этот магазин», which saves the device's store as the
 * picker does. Its chunk loads when its place comes near the screen; its data is two calls plus one
 * stock call for the whole page of stores (shared/queries/where-to-buy.ts), never on the server.
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { Store } from '#shared/models/stores.ts'
import { whereToBuyQuery, type WhereToBuyArgs } from '#shared/queries/where-to-buy.ts'
import { mergeParams } from '#client/analytics/params.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Icon } from '#client/components/icon.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { useQuery } from '#client/data/use-query.ts'
import { formatDistance } from '#client/features/stores/geo.ts'
import { storeStateNow } from '#client/features/stores/opening-state.ts'
import { consentedPosition } from '#client/features/stores/geolocation.ts'
import { storeEventParams } from '#client/features/stores/store-analytics.ts'
import { StoreMap } from '#client/features/stores/store-map.tsx'
import { browserStorage, chooseStore, readChoice, streetAddress } from '#client/features/stores/store-storage.ts'
import { STORE_CHANGE_EVENT } from '#client/features/stores/stored-city.ts'
import { useApp } from '#client/context/app-context.tsx'
import { originText, STOCK_LEVEL_TEXT, whereToBuyRows, type WhereToBuyRow } from './where-to-buy-rows.ts'

/** What the list is asked for: the goods and where the device says the shopper is. */
interface Origin {
  args: WhereToBuyArgs
  chosenCode: string | undefined
}

/** The shopper's point (only when geolocation is already allowed: never a prompt) or stored city and store. */
async function readOrigin(goodsId: number): Promise<Origin> {
  const choice = readChoice(browserStorage())
  const point = await consentedPosition()
  return {
    args: { goodsId, point, cityFiasId: point ? undefined : choice.city?.fiasId },
    chosenCode: choice.storeCode,
  }
}

/** The block for one goods. */
export function WhereToBuy({ goodsId }: { goodsId: number }) {
  const { track } = useAnalytics()
  const { config, openStorePicker } = useApp()
  const toast = useToast()
  const titleId = useId()
  const [origin, setOrigin] = useState<Origin>()
  const [mapOpen, setMapOpen] = useState(false)
  const [focusCode, setFocusCode] = useState<string>()
  const list = useRef<HTMLOListElement>(null)
  const opened = useRef(false)

  useEffect(() => {
    let live = true
    const read = () =>
      void readOrigin(goodsId).then((next) => {
        if (live) setOrigin(next)
      })
    read()
    window.addEventListener(STORE_CHANGE_EVENT, read)
    return () => {
      live = false
      window.removeEventListener(STORE_CHANGE_EVENT, read)
    }
  }, [goodsId])

  const { data, error } = useQuery(origin ? whereToBuyQuery(origin.args) : null, { revalidateOnFocus: false })
  const rows = data ? whereToBuyRows(data, origin?.chosenCode) : undefined

  useEffect(() => {
    if (!rows || opened.current) return
    opened.current = true
    track('where_to_buy_open', {
      product_id: String(goodsId),
      stores: rows.length,
      with_goods: rows.filter((row) => row.level !== 'none').length,
    })
  }, [rows, goodsId, track])

  const choose = (store: Store) => {
    chooseStore(store)
    track('store_pick_from_pdp', mergeParams(storeEventParams(store), { product_id: String(goodsId) }))
    toast.show({
      theme: 'success',
      type: 'store-chosen',
      title: store.type === 'pickup-point' ? 'Пункт выдачи выбран' : 'Магазин выбран',
      description: `${store.city.name}, ${streetAddress(store.address, store.city.name)}`,
    })
  }

  const showStore = (code: string) => {
    setFocusCode(code)
    list.current?.querySelector<HTMLElement>(`[data-store-code="${CSS.escape(code)}"]`)?.focus()
  }

  return (
    <section className="section where-to-buy" aria-labelledby={titleId}>
      <div className="section__header">
        <h2 id={titleId} className="section__title">
          Где купить сегодня
        </h2>
        {rows && rows.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            iconStart="location"
            aria-expanded={mapOpen}
            onClick={() => setMapOpen(!mapOpen)}
          >
            {mapOpen ? 'Скрыть карту' : 'Показать на карте'}
          </Button>
        )}
      </div>
      {error ? (
        <p className="text-muted">Не удалось узнать наличие в магазинах. Попробуйте позже.</p>
      ) : !rows ? (
        <p className="text-muted" role="status">
          Ищем магазины рядом…
        </p>
      ) : rows.length === 0 ? (
        <p className="text-muted">Рядом нет наших магазинов.</p>
      ) : (
        <>
          <p className="where-to-buy__origin text-muted">
            {originText(data!, origin?.chosenCode)}
            {!data!.measured && !origin?.chosenCode && (
              <>
                {' '}
                <Button variant="ghost" size="sm" className="where-to-buy__pick" onClick={() => void openStorePicker()}>
                  Выбрать магазин
                </Button>
              </>
            )}
          </p>
          {mapOpen && (
            <StoreMap
              stores={rows.map((row) => row.store)}
              selectedCode={focusCode ?? origin?.chosenCode}
              onSelect={showStore}
              tileUrl={config.mapTileUrl}
            />
          )}
          <ol ref={list} className="where-to-buy__list">
            {rows.map((row) => (
              <StoreRow
                key={row.store.code}
                row={row}
                current={row.store.code === origin?.chosenCode}
                selected={row.store.code === focusCode}
                onChoose={choose}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  )
}

/** One store: name, distance, address, today's hours, the level, and the choice. */
function StoreRow({
  row,
  current,
  selected,
  onChoose,
}: {
  row: WhereToBuyRow
  current: boolean
  selected: boolean
  onChoose: (store: Store) => void
}) {
  const { store, level, distanceMeters } = row
  // The store's state now on its own clock (UX4-05): «Закрыто · откроется завтра в 10:00» at 23:11.
  const state = storeStateNow(store, new Date())
  return (
    <li
      className={cx('store-card', 'where-to-buy__store', selected && 'is-selected')}
      data-store-code={store.code}
      tabIndex={-1}
    >
      <div className="store-card__head">
        <h3 className="store-card__name">{store.name}</h3>
        <span className={`where-to-buy__level where-to-buy__level--${level}`}>
          <span className="visually-hidden">Наличие: </span>
          {STOCK_LEVEL_TEXT[level]}
        </span>
      </div>
      <p className="store-card__address">
        <Icon name="pin" size={16} className="store-card__icon" />
        {store.address}
        {distanceMeters !== undefined && !current && (
          <span className="store-card__distance">
            <span className="visually-hidden">Расстояние: </span>
            {formatDistance(distanceMeters)}
          </span>
        )}
      </p>
      {state && (
        <p className="store-card__hours">
          <Icon name="clock" size={16} className="store-card__icon" />
          {state}
        </p>
      )}
      <div className="store-card__foot">
        <span className="store-card__tags">
          {store.type === 'pickup-point' && <span className="store-card__tag">Пункт выдачи</span>}
          {current && <span className="store-card__tag store-card__tag--current">Ваш магазин</span>}
        </span>
        {!current && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Выбрать этот магазин: ${store.name}, ${store.address}`}
            onClick={() => onChoose(store)}
          >
            Выбрать этот магазин
          </Button>
        )}
      </div>
    </li>
  )
}

/**
 * The city and store picker: a modal with the city list, address search, 'near
 * me' by browser geolocation, and the stores as a list or on a map. Choosing a store saves shop
 * city, code, type and delivery type on the device and sets the store-prompted flag. Opened by
 * `useApp().openStorePicker()`; its code loads only then.
 */
import { useEffect, useId, useMemo, useState } from 'react'
import { guessCity } from '#shared/gateway/stores.ts'
import type { Store } from '#shared/models/stores.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { countLabel } from '#client/lib/format.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { Tabs } from '#client/components/ui/tabs.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { LatLon } from './geo.ts'
import { consentedPosition, locate, locateMessage } from './geolocation.ts'
import { storeEventParams } from './store-analytics.ts'
import { StoreCard } from './store-card.tsx'
import { StoreMap } from './store-map.tsx'
import {
  announceStoreChange,
  browserStorage,
  chooseStore,
  readChoice,
  saveCity,
  streetAddress,
} from './store-storage.ts'
import { useCities, useStoreSearch, type StoreResult } from './use-store-search.ts'

export interface StorePickerProps {
  /** Called once when the picker closes: true when a store was chosen. */
  onDone: (chosen: boolean) => void
}

/** City and store picker dialog. */
export function StorePicker({ onDone }: StorePickerProps) {
  const { api, config } = useApp()
  const { track } = useAnalytics()
  const toast = useToast()
  const cityFieldId = useId()
  const cities = useCities(api)
  const [cityFiasId, setCityFiasId] = useState<string>()
  const [currentCode, setCurrentCode] = useState<string>()
  const [query, setQuery] = useState('')
  const [point, setPoint] = useState<LatLon>()
  const [locating, setLocating] = useState(false)
  const [geoError, setGeoError] = useState<string>()
  const [selectedCode, setSelectedCode] = useState<string>()
  const [tab, setTab] = useState('list')
  const search = useStoreSearch(api, { cityFiasId, query, point })

  // The stored city, else the gateway's guess (the default city): the list is never empty on open.
  useEffect(() => {
    track('store_picker_view')
    const stored = readChoice(browserStorage())
    setCurrentCode(stored.storeCode)
    setSelectedCode(stored.storeCode)
    if (stored.city?.fiasId) {
      setCityFiasId(stored.city.fiasId)
      return
    }
    const controller = new AbortController()
    // With geolocation already allowed, by position; otherwise the gateway guesses by the client address.
    consentedPosition()
      .then((here) => api.call(guessCity, { query: here ?? {}, signal: controller.signal }))
      .then(
        (answer) => setCityFiasId((id) => id ?? answer.city.fiasId),
        () => {},
      )
    return () => controller.abort()
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const cityName = cities?.find((c) => c.fiasId === cityFiasId)?.name

  // The address was found only outside the chosen city: the select follows the stores listed
  // (their city, or «Все города» for several), so it never names a city the list is not about.
  // The switch is said aloud (UX4-21): «В городе Казань по запросу «Тверская» магазинов нет…».
  const foundIn = search.foundIn
  const [switchedFrom, setSwitchedFrom] = useState<string>()
  useEffect(() => {
    if (foundIn === undefined) return
    setSwitchedFrom(cityName)
    setCityFiasId(foundIn ?? undefined)
    // Only a new answer switches; the city's name is read as it was before the switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [foundIn])

  const chooseCity = (fiasId: string) => {
    const city = cities?.find((c) => c.fiasId === fiasId)
    setCityFiasId(fiasId)
    setQuery('')
    setSwitchedFrom(undefined)
    if (!city) return
    saveCity(browserStorage(), { fiasId: city.fiasId, name: city.name })
    announceStoreChange()
    track('store_city_select', { store_city: city.name, city_fias_id: city.fiasId })
  }

  const nearMe = async () => {
    track('store_geolocation_click')
    setGeoError(undefined)
    setLocating(true)
    try {
      const here = await locate()
      setPoint(here)
      setQuery('')
      const answer = await api.call(guessCity, { query: here }).catch(() => undefined)
      // A point far from every city lists the nearest stores of all cities.
      setCityFiasId(answer?.source === 'point' ? answer.city.fiasId : undefined)
    } catch (failure) {
      const reason = typeof failure === 'string' ? failure : 'unavailable'
      setGeoError(locateMessage(reason as Parameters<typeof locateMessage>[0]))
      if (reason === 'denied') track('store_geolocation_denied')
    } finally {
      setLocating(false)
    }
  }

  const choose = (store: Store) => {
    chooseStore(store)
    track('store_select_click', storeEventParams(store))
    // The address once (the store's name repeats its street): `Казань, ул. Баумана, д. 12`.
    const where = `${store.city.name}, ${streetAddress(store.address, store.city.name)}`
    toast.show({
      theme: 'success',
      type: 'store-chosen',
      title: store.type === 'pickup-point' ? 'Пункт выдачи выбран' : 'Магазин выбран',
      description: where,
    })
    onDone(true)
  }

  const results = search.results
  const selected = results?.find((r) => r.store.code === selectedCode)
  const mapStores = useMemo(() => (results ?? []).map((r) => r.store), [results])

  const list = (items: StoreResult[]) => (
    <ul className="store-picker__list">
      {items.map(({ store, distanceMeters }) => (
        <li key={store.code}>
          <StoreCard
            store={store}
            distanceMeters={distanceMeters}
            current={store.code === currentCode}
            selected={store.code === selectedCode}
            onChoose={choose}
          />
        </li>
      ))}
    </ul>
  )

  const status = search.failed ? (
    <p className="store-picker__message" role="alert">
      Не удалось загрузить магазины. Попробуйте ещё раз.
    </p>
  ) : results && results.length === 0 ? (
    <p className="store-picker__message">
      {query.trim()
        ? 'По этому адресу магазинов не нашлось. Уточните запрос или выберите город.'
        : 'В этом городе пока нет магазинов.'}
    </p>
  ) : !results ? (
    <div className="store-picker__loading">
      <Spinner label="Загружаем магазины" />
    </div>
  ) : null

  return (
    <Dialog open onClose={() => onDone(false)} title="Выберите магазин" size="lg" className="store-picker">
      <div className="store-picker__controls">
        <div className="field store-picker__city">
          <label className="field__label" htmlFor={cityFieldId}>
            Город
          </label>
          <div className="field__control">
            <select
              id={cityFieldId}
              className="field__input store-picker__select"
              value={cityFiasId ?? ''}
              onChange={(e) => chooseCity(e.target.value)}
            >
              {!cityFiasId && <option value="">{cities ? 'Все города' : 'Загрузка…'}</option>}
              {cities?.map((city) => (
                <option key={city.fiasId} value={city.fiasId}>
                  {city.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          className="store-picker__search"
          label="Поиск по адресу"
          type="search"
          placeholder="Улица, торговый центр"
          autoComplete="off"
          value={query}
          onValueChange={(value) => {
            setQuery(value)
            setSwitchedFrom(undefined)
          }}
        />
        <Button
          variant="secondary"
          iconStart="location"
          className="store-picker__near"
          loading={locating}
          onClick={() => void nearMe()}
        >
          Рядом со мной
        </Button>
      </div>
      {geoError && (
        <p className="store-picker__geo-error" role="alert">
          {geoError}
        </p>
      )}
      <p className="store-picker__summary" aria-live="polite">
        {results && !search.loading
          ? storeSummary({
              count: results.length,
              query: query.trim(),
              point: point !== undefined,
              cityName,
              switchedFrom,
            })
          : ''}
      </p>
      <Tabs
        label="Вид"
        className="store-picker__tabs"
        selectedId={tab}
        onSelect={setTab}
        items={[
          { id: 'list', label: 'Список', content: status ?? list(results ?? []) },
          {
            id: 'map',
            label: 'Карта',
            content: status ?? (
              <div className="store-picker__map">
                <StoreMap
                  stores={mapStores}
                  selectedCode={selectedCode}
                  onSelect={setSelectedCode}
                  userPoint={point}
                  tileUrl={config.mapTileUrl}
                />
                {selected ? (
                  <StoreCard
                    store={selected.store}
                    distanceMeters={selected.distanceMeters}
                    current={selected.store.code === currentCode}
                    selected
                    onChoose={choose}
                  />
                ) : (
                  <p className="store-picker__hint">Выберите магазин на карте, чтобы увидеть адрес и часы работы.</p>
                )}
              </div>
            ),
          },
        ]}
      />
    </Dialog>
  )
}

const STORE_FORMS = ['магазин', 'магазина', 'магазинов'] as const

/**
 * The line over the list: how many stores and of what. City names are not inflected («в Казани»
 * would need a dictionary): `город Москва`, `Москва: 8 магазинов`.
 */
export function storeSummary({
  count,
  query,
  point,
  cityName,
  switchedFrom,
}: {
  count: number
  query: string
  point: boolean
  cityName: string | undefined
  switchedFrom: string | undefined
}): string {
  const stores = countLabel(count, STORE_FORMS)
  if (query && switchedFrom)
    return `В городе ${switchedFrom} по запросу «${query}» магазинов нет. ${cityName ? `Нашли в городе ${cityName}` : 'Нашли в других городах'}: ${stores}`
  if (query) return `Найдено: ${stores}`
  if (point) return `Рядом с вами: ${stores}`
  return `${cityName ?? 'Все города'}: ${stores}`
}

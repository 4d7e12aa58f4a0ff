/**
 * `<StoreMap stores selectedCode onSelect tileUrl>`: the stores as numbered markers on a Leaflet map
 * over `{z}/{x}/{y}` tiles of `config.mapTileUrl` (the mock's offline tiles by default with the mock).
 * Leaflet is imported dynamically here, so it loads only when the picker shows its map, never with a
 * page. Markers are real buttons in a list named 'Магазины на карте' (number and store in the name,
 * `aria-pressed` for the selected one), so the map works with the keyboard and screen readers; the
 * picker's list tab stays the main keyboard path.
 */
import { useEffect, useRef, useState } from 'react'
import type * as Leaflet from 'leaflet'
import { boundsOf, type LatLon } from './geo.ts'

/** A store as the map needs it. */
export interface MapStore extends LatLon {
  code: string
  name: string
  address: string
}

export interface StoreMapProps {
  stores: readonly MapStore[]
  selectedCode?: string | undefined
  onSelect: (code: string) => void
  /** The shopper's position ('near me'), drawn as a dot and included in the view. */
  userPoint?: LatLon | undefined
  /** Tile URL template (`https://tiles.example/{z}/{x}/{y}.png`); unset: markers on a plain background. */
  tileUrl?: string | undefined
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/** The accessible name of the n-th marker (1-based): `3. Аврора, ул. Марата, …`. */
export const markerLabel = (index: number, store: MapStore): string => `${index + 1}. ${store.name}, ${store.address}`

/** The marker's HTML: a real button with the store's number, named by store, pressed when selected. */
export function markerHtml(index: number, store: MapStore, selected: boolean): string {
  return `<button type="button" class="store-map__marker${selected ? ' is-selected' : ''}" aria-pressed="${selected}" aria-label="${escape(markerLabel(index, store))}" title="${escape(store.name)}"><span aria-hidden="true">${index + 1}</span></button>`
}

/** The Leaflet module, loaded once on first use. */
let leafletModule: Promise<typeof Leaflet> | undefined
const loadLeaflet = () =>
  (leafletModule ??= import('leaflet').then((m) => (m as unknown as { default?: typeof Leaflet }).default ?? m))

/** Store map with accessible markers. */
export function StoreMap({ stores, selectedCode, onSelect, userPoint, tileUrl }: StoreMapProps) {
  const container = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<{ L: typeof Leaflet; map: Leaflet.Map }>()
  const [failed, setFailed] = useState(false)
  const onSelectRef = useRef(onSelect)
  onSelectRef.current = onSelect
  /** Fits the view to the markers again (after the box got its size: the map tab is shown later). */
  const refit = useRef<() => void>(() => {})

  // The map itself: created once, removed on unmount; resized with its box (a tab shown later).
  useEffect(() => {
    let cancelled = false
    let cleanup: (() => void) | undefined
    loadLeaflet().then(
      (L) => {
        const element = container.current
        if (cancelled || !element) return
        const instance = L.map(element, { zoomControl: true, attributionControl: false, keyboard: true, zoomSnap: 0.5 })
        instance.getPane('markerPane')?.setAttribute('role', 'list')
        instance.getPane('markerPane')?.setAttribute('aria-label', 'Магазины на карте')
        if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 18, minZoom: 3, crossOrigin: false }).addTo(instance)
        const observer = new ResizeObserver(() => refit.current())
        observer.observe(element)
        cleanup = () => {
          observer.disconnect()
          instance.remove()
        }
        setMap({ L, map: instance })
      },
      () => {
        if (!cancelled) setFailed(true)
      },
    )
    return () => {
      cancelled = true
      cleanup?.()
    }
  }, [tileUrl])

  // Markers and the view follow the stores (and the shopper's point).
  useEffect(() => {
    if (!map) return
    const { L, map: instance } = map
    const layer = L.layerGroup().addTo(instance)
    stores.forEach((store, index) => {
      const marker = L.marker([store.lat, store.lon], {
        icon: L.divIcon({
          className: 'store-map__marker-item',
          html: markerHtml(index, store, false),
          iconSize: [32, 32],
          iconAnchor: [16, 32],
        }),
        // The button inside is the focusable control; Leaflet's own tabindex/role would nest a second one.
        keyboard: false,
        riseOnHover: true,
      })
      marker.on('click', () => onSelectRef.current(store.code))
      marker.on('add', () => {
        const element = marker.getElement()
        element?.setAttribute('role', 'listitem')
        element?.setAttribute('data-store-code', store.code)
      })
      marker.addTo(layer)
    })
    if (userPoint) {
      L.circleMarker([userPoint.lat, userPoint.lon], {
        radius: 7,
        className: 'store-map__user',
        interactive: false,
      }).addTo(layer)
    }
    const box = boundsOf(userPoint ? [...stores, userPoint] : stores)
    refit.current = () => {
      if (!box) return
      instance.invalidateSize({ animate: false })
      const element = instance.getContainer()
      // A hidden map (its tab not shown yet) still gets a view; it is fitted once it has a size.
      if (element.clientWidth > 0 && element.clientHeight > 0) {
        instance.fitBounds(
          [
            [box.minLat, box.minLon],
            [box.maxLat, box.maxLon],
          ],
          { padding: [36, 36], maxZoom: 15, animate: false },
        )
      } else {
        instance.setView([(box.minLat + box.maxLat) / 2, (box.minLon + box.maxLon) / 2], 11, { animate: false })
      }
    }
    refit.current()
    return () => {
      refit.current = () => {}
      layer.remove()
    }
  }, [map, stores, userPoint])

  // The selected marker: pressed state and on top.
  useEffect(() => {
    const element = container.current
    if (!map || !element) return
    for (const item of element.querySelectorAll<HTMLElement>('.store-map__marker-item')) {
      const selected = item.dataset.storeCode === selectedCode
      const button = item.querySelector('button')
      button?.setAttribute('aria-pressed', String(selected))
      button?.classList.toggle('is-selected', selected)
      item.classList.toggle('is-selected', selected)
    }
  }, [map, stores, selectedCode, userPoint])

  if (stores.length === 0) return <p className="store-map__empty">Нет магазинов, которые можно показать на карте.</p>
  return (
    <div className="store-map" data-map-kind="leaflet" data-map-ready={map ? 'true' : 'false'}>
      <div ref={container} className="store-map__canvas" />
      {failed && (
        <p className="store-map__empty" role="alert">
          Карта не загрузилась. Выберите магазин в списке.
        </p>
      )}
    </div>
  )
}

/**
 * `<StoreCard store onChoose>`: one store in the picker: name, address, hours and the state now, distance and 'Выбрать'
 * ('Выбран', disabled, for the store already saved on the device).
 */
import type { Store } from '#shared/models/stores.ts'
import { Button } from '#client/components/ui/button.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { Icon } from '#client/components/icon.tsx'
import { formatDistance } from './geo.ts'
import { storeStateNow } from './opening-state.ts'

export interface StoreCardProps {
  store: Store
  /** Metres from the shopper's point; left out when no point is known. */
  distanceMeters?: number | undefined
  /** The store the shopper has (stored) or has picked on the map. */
  selected?: boolean
  /** Whether this is the store already saved on the device. */
  current?: boolean
  onChoose: (store: Store) => void
}

/** A store card. */
export function StoreCard({ store, distanceMeters, selected, current, onChoose }: StoreCardProps) {
  // The picker opens in the browser only: now is the shopper's clock, read on the store's (UX4-05).
  const state = storeStateNow(store, new Date())
  return (
    <article className={cx('store-card', selected && 'is-selected')} aria-label={store.name}>
      <div className="store-card__head">
        <h3 className="store-card__name">{store.name}</h3>
        {distanceMeters !== undefined && (
          <span className="store-card__distance">
            <span className="visually-hidden">Расстояние: </span>
            {formatDistance(distanceMeters)}
          </span>
        )}
      </div>
      <p className="store-card__address">
        <Icon name="pin" size={16} className="store-card__icon" />
        {store.address}
      </p>
      <p className="store-card__hours">
        <Icon name="clock" size={16} className="store-card__icon" />
        <span>
          {store.schedule}
          {state && <span className="store-card__state">{state}</span>}
        </span>
      </p>
      <div className="store-card__foot">
        <span className="store-card__tags">
          {store.type === 'pickup-point' && <span className="store-card__tag">Пункт выдачи</span>}
          {store.type === 'shop' && store.isPickupAvailable && (
            <span className="store-card__tag">Самовывоз заказов</span>
          )}
          {current && <span className="store-card__tag store-card__tag--current">Ваш магазин</span>}
        </span>
        {/* The saved store cannot be chosen again: its button says so instead of offering it. */}
        <Button
          size="sm"
          variant={current ? 'secondary' : 'primary'}
          className="store-card__choose"
          aria-label={`${current ? 'Выбран' : 'Выбрать'}: ${store.name}, ${store.address}`}
          disabled={current}
          onClick={() => onChoose(store)}
        >
          {current ? 'Выбран' : 'Выбрать'}
        </Button>
      </div>
    </article>
  )
}

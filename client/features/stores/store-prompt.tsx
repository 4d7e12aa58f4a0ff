/**
 * `<StorePrompt onClose>`: a small non-modal question under the store button, 'Ваш магазин —
 * {город}?', with 'Да' (keeps the guessed city and its nearest store) and 'Выбрать другой' (opens
 * the picker). Any answer sets the store-prompted flag. Never shown to bots.
 */
import { useEffect, useId, useState } from 'react'
import { isbot } from 'isbot'
import type { City, Store } from '#shared/models/stores.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button, IconButton } from '#client/components/ui/button.tsx'
import { consentedPosition } from './geolocation.ts'
import { storeEventParams } from './store-analytics.ts'
import {
  announceStoreChange,
  browserStorage,
  markPrompted,
  saveCity,
  saveStore,
  streetAddress,
} from './store-storage.ts'

/** The stores' endpoint definitions (and schemas) load with the prompt's first call (decision 007). */
const gateway = () => import('#shared/gateway/stores.ts')

export interface StorePromptProps {
  /** Called after any answer (or when there is nothing to ask). */
  onClose: () => void
}

interface Guess {
  city: City
  store: Store | undefined
}

/** First-visit store prompt. */
export function StorePrompt({ onClose }: StorePromptProps) {
  const { api, config, openStorePicker } = useApp()
  const { track } = useAnalytics()
  const titleId = useId()
  const [guess, setGuess] = useState<Guess>()

  useEffect(() => {
    // Spec/DESIGN: bots are never asked (nor redirected) by the city/store choice.
    if (isbot(navigator.userAgent)) {
      onClose()
      return
    }
    const controller = new AbortController()
    const signal = controller.signal
    const byDefault = config.storeDefaultValue
      ? gateway().then(({ getStore }) =>
          api
            .call(getStore, { query: { code: config.storeDefaultValue }, signal })
            .then((store) => ({ city: store.city, store })),
        )
      : Promise.reject(new Error('no default store'))
    byDefault
      .catch(async () =>
        gateway()
          .then(async ({ guessCity }) => api.call(guessCity, { query: (await consentedPosition()) ?? {}, signal }))
          .then((answer) => ({ city: answer.city, store: answer.nearestStore ?? undefined })),
      )
      .then(
        (found) => setGuess(found),
        () => {
          if (!signal.aborted) onClose()
        },
      )
    return () => controller.abort()
    // Once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (!guess) return null

  const confirm = () => {
    const storage = browserStorage()
    if (guess.store) {
      saveStore(storage, {
        code: guess.store.code,
        name: guess.store.name,
        type: guess.store.type,
        city: { fiasId: guess.city.fiasId, name: guess.city.name },
        address: guess.store.address,
      })
      track('store_select_click', { ...storeEventParams(guess.store), source: 'prompt' })
    } else {
      saveCity(storage, { fiasId: guess.city.fiasId, name: guess.city.name })
      track('store_city_select', { store_city: guess.city.name, city_fias_id: guess.city.fiasId, source: 'prompt' })
    }
    announceStoreChange()
    onClose()
  }
  const other = () => {
    markPrompted(browserStorage())
    onClose()
    void openStorePicker()
  }
  const dismiss = () => {
    markPrompted(browserStorage())
    onClose()
  }

  return (
    <section className="store-prompt" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <div className="store-prompt__head">
        <h2 className="store-prompt__title" id={titleId}>
          Ваш магазин — {guess.city.name}?
        </h2>
        <IconButton icon="close" label="Закрыть" size="sm" className="store-prompt__close" onClick={dismiss} />
      </div>
      {/* The street once: the store's name repeats it (`Аврора, ул. Арбат` + `г. Москва, ул. Арбат, д. 84`). */}
      {guess.store && (
        <p className="store-prompt__store">
          {guess.store.type === 'pickup-point' ? 'Пункт выдачи: ' : ''}
          {streetAddress(guess.store.address, guess.city.name)}
        </p>
      )}
      <div className="store-prompt__actions">
        <Button size="sm" onClick={confirm}>
          Да
        </Button>
        <Button size="sm" variant="secondary" onClick={other}>
          Выбрать другой
        </Button>
      </div>
    </section>
  )
}

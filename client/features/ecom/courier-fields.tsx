/**
 * `<CourierFields>`: the courier part of the checkout — the delivery city (named by its FIAS id), the
 * street and house with suggestions from the store search by address, flat, entrance, floor, a comment,
 * and the delivery window. Controlled: the checkout keeps the draft and decides when errors show.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { COURIER_COMMENT_MAX, COURIER_STREET_MAX, type DeliverySlots } from '#shared/models/checkout.ts'
import { useApi } from '#client/context/app-context.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { cityByFiasIdQuery } from '#client/features/stores/city-by-fias.ts'
import { useAddressSuggestions, type AddressSuggestion } from '#client/features/stores/use-address-suggestions.ts'
import type { CourierDraft, CourierErrors } from './courier-form.ts'
import { slotDay, slotsByDay, slotTime } from './delivery-slots.ts'

/** The draft and its errors (the checkout decides when they show), and the city's windows. */
export interface CourierFieldsProps {
  draft: CourierDraft
  onChange: (patch: Partial<CourierDraft>) => void
  errors: CourierErrors
  /** The city's windows: undefined while loading or without a city. */
  slots: DeliverySlots['items'] | undefined
  slotsFailed: boolean
  onRetrySlots: () => void
}

/** Id of a field's input, for focus on the first invalid one. */
export const courierFieldId = (field: keyof CourierErrors): string => `courier-${field}`

/** The courier address and window. */
export function CourierFields({ draft, onChange, errors, slots, slotsFailed, onRetrySlots }: CourierFieldsProps) {
  const api = useApi()
  const { data: city, error: cityError } = useQuery(draft.cityFiasId ? cityByFiasIdQuery(draft.cityFiasId) : null)
  const [open, setOpen] = useState(false)
  // The street of the picked suggestion: typing the house after it (`…, д. 7`) asks nothing again,
  // so the list never reopens over the flat and entrance fields.
  const [picked, setPicked] = useState<string>()
  const [active, setActive] = useState(-1)
  // Today is the browser's (the windows are fetched there too): «сегодня», «завтра».
  const now = useMemo(() => new Date(), [])
  // Grouped and named once per answer: a choice of window re-renders the fields, not the days.
  const days = useMemo(
    () => (slots ? slotsByDay(slots).map((day) => ({ ...day, label: slotDay(day.date, now) })) : []),
    [slots, now],
  )
  const { suggestions } = useAddressSuggestions(api, open ? draft.street : '')
  const listId = `${useId()}-addresses`
  const expanded = open && suggestions.length > 0

  // The gateway names the city (a stored name may be stale); an id it does not know is dropped, so the
  // shopper picks a suggestion and the form never sends a city the courier cannot reach.
  useEffect(() => {
    if (city && city.name !== draft.city) onChange({ city: city.name })
    else if (cityError) onChange({ cityFiasId: '', city: '' })
  }, [city, cityError, draft.city, onChange])

  const choose = (suggestion: AddressSuggestion) => {
    const street = `${suggestion.street}, д. `
    onChange({ cityFiasId: suggestion.cityFiasId, city: suggestion.city, street })
    setPicked(street)
    setOpen(false)
    setActive(-1)
    document.getElementById(courierFieldId('street'))?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      // -1 is the field itself; arrows cycle through the suggestions and back to the field.
      setActive((current) => {
        const next = current + step
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next
      })
    } else if (event.key === 'Enter' && expanded && active >= 0 && suggestions[active]) {
      event.preventDefault()
      choose(suggestions[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }
  const optionId = (index: number) => `${listId}-${index}`
  const cityText = city
    ? `${city.name}${city.region && city.region !== city.name ? `, ${city.region}` : ''}`
    : draft.city

  return (
    <div className="courier">
      <p className="courier__city" aria-live="polite">
        {draft.cityFiasId ? (
          <>
            Город доставки: <strong>{cityText}</strong>
          </>
        ) : (
          'Начните вводить улицу — город определится по подсказке.'
        )}
      </p>
      <div
        className="courier__street"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
        }}
      >
        <TextField
          id={courierFieldId('street')}
          label="Улица и дом"
          name="street"
          autoComplete="off"
          value={draft.street}
          maxLength={COURIER_STREET_MAX + 20}
          error={errors.street}
          hint="Например: ул. Баумана, д. 12. Другой город — выберите в подсказке"
          onValueChange={(value) => {
            onChange({ street: value })
            const typingHouse = picked !== undefined && value.startsWith(picked)
            if (!typingHouse) setPicked(undefined)
            setOpen(!typingHouse)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Подсказки адреса"
          className="courier__suggestions"
          hidden={!expanded}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.cityFiasId}|${suggestion.street}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`courier__suggestion${index === active ? ' is-active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              <span>{suggestion.street}</span> <span className="text-muted">{suggestion.city}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="courier__row">
        <TextField
          id={courierFieldId('flat')}
          label="Квартира"
          name="flat"
          value={draft.flat}
          error={errors.flat}
          maxLength={10}
          onValueChange={(flat) => onChange({ flat })}
        />
        <TextField
          id={courierFieldId('entrance')}
          label="Подъезд"
          name="entrance"
          inputMode="numeric"
          value={draft.entrance}
          error={errors.entrance}
          maxLength={3}
          onValueChange={(entrance) => onChange({ entrance })}
        />
        <TextField
          id={courierFieldId('floor')}
          label="Этаж"
          name="floor"
          inputMode="numeric"
          value={draft.floor}
          error={errors.floor}
          maxLength={4}
          onValueChange={(floor) => onChange({ floor })}
        />
      </div>
      <TextField
        id={courierFieldId('comment')}
        label="Комментарий для курьера"
        name="comment"
        value={draft.comment}
        error={errors.comment}
        maxLength={COURIER_COMMENT_MAX + 50}
        onValueChange={(comment) => onChange({ comment })}
      />
      <fieldset
        className="courier__slots"
        id={courierFieldId('slotId')}
        aria-describedby={errors.slotId ? `${courierFieldId('slotId')}-error` : undefined}
      >
        <legend className="courier__slots-title">Время доставки</legend>
        {!draft.cityFiasId ? (
          <p className="text-muted">Укажите адрес, чтобы увидеть время доставки.</p>
        ) : slotsFailed ? (
          <div className="ecom-error" role="alert">
            <span>Не удалось загрузить время доставки.</span>
            <Button variant="ghost" size="sm" onClick={onRetrySlots}>
              Повторить
            </Button>
          </div>
        ) : !slots ? (
          <p className="text-muted" role="status">
            Загружаем время доставки…
          </p>
        ) : slots.length === 0 ? (
          <p className="text-muted">Свободного времени доставки на ближайшие дни нет.</p>
        ) : (
          days.map((day) => (
            <div key={day.date} className="courier__day" role="group" aria-label={day.label}>
              <p className="courier__day-title" aria-hidden="true">
                {day.label}
              </p>
              <div className="courier__windows">
                {day.slots.map((slot) => (
                  <label key={slot.id} className={`courier__window${slot.available ? '' : ' is-full'}`}>
                    <input
                      type="radio"
                      name="slot"
                      value={slot.id}
                      checked={draft.slotId === slot.id}
                      disabled={!slot.available}
                      onChange={() => onChange({ slotId: slot.id })}
                    />
                    <span>{slotTime(slot)}</span>
                    {!slot.available && <span className="courier__full">нет мест</span>}
                  </label>
                ))}
              </div>
            </div>
          ))
        )}
        {errors.slotId && (
          <p className="field__error" id={`${courierFieldId('slotId')}-error`} role="alert">
            {errors.slotId}
          </p>
        )}
      </fieldset>
    </div>
  )
}

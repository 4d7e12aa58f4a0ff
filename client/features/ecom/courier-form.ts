/**
 * The courier part of the checkout: what the shopper types (address, flat, entrance, floor, comment,
 * window), its validation with the Russian messages, and the `courier` body of the order built from it.
 * Pure functions, so the rules are tested without a browser.
 */
import {
  COURIER_COMMENT_MAX,
  COURIER_STREET_MAX,
  type CourierAddress,
  type CourierDetails,
} from '#shared/models/checkout.ts'

/** The form as typed. `cityFiasId`/`city` come from the stored city or from a chosen address suggestion. */
export interface CourierDraft {
  cityFiasId: string
  city: string
  street: string
  flat: string
  entrance: string
  floor: string
  comment: string
  slotId: string
}

/** Fields that can carry an error, in the order the form shows them (the first invalid one gets focus). */
export const COURIER_FIELDS = ['street', 'flat', 'entrance', 'floor', 'comment', 'slotId'] as const
/** One field of the courier form. */
export type CourierField = (typeof COURIER_FIELDS)[number]

/** Error messages by field; an empty object means the draft is valid. */
export type CourierErrors = Partial<Record<CourierField, string>>

/** Messages of the courier form (the wording of spec section 5: "… введён некорректно"). */
export const COURIER_MESSAGES = {
  noCity: 'Выберите адрес из подсказок, чтобы мы знали город доставки',
  noStreet: 'Укажите улицу и дом',
  noHouse: 'Укажите номер дома',
  danglingHouse: 'Укажите номер дома после «д.»',
  twoHouses: 'Номер дома указан дважды — оставьте один',
  longStreet: `Адрес длиннее ${COURIER_STREET_MAX} символов`,
  flat: 'Номер квартиры введён некорректно',
  entrance: 'Номер подъезда введён некорректно',
  floor: 'Этаж введён некорректно',
  comment: `Комментарий длиннее ${COURIER_COMMENT_MAX} символов`,
  noSlot: 'Выберите время доставки',
  slotGone: 'Это время доставки уже недоступно, выберите другое',
} as const

/** An empty draft in a city (the stored one, when the device keeps its FIAS id). */
export function emptyCourierDraft(city?: { fiasId: string; name: string }): CourierDraft {
  return {
    cityFiasId: city?.fiasId ?? '',
    city: city?.name ?? '',
    street: '',
    flat: '',
    entrance: '',
    floor: '',
    comment: '',
    slotId: '',
  }
}

/**
 * Checks the draft against the offered windows (ids of available ones). The rules match the gateway's
 * schema (`CourierAddressSchema`), so a draft that passes here is not refused for its shape.
 */
export function validateCourier(draft: CourierDraft, availableSlotIds: ReadonlySet<string>): CourierErrors {
  const errors: CourierErrors = {}
  const street = draft.street.trim()
  if (!street) errors.street = COURIER_MESSAGES.noStreet
  else if (street.length > COURIER_STREET_MAX) errors.street = COURIER_MESSAGES.longStreet
  // A suggestion fills «ул. Баумана, д. »: a «д.» left without its number, or a second «д.», would be
  // printed on the order as typed («ул. Баумана, д. , д. 7»).
  else if (/(?:^|[\s,])д\.?\s*(?:,|$)/i.test(street)) errors.street = COURIER_MESSAGES.danglingHouse
  else if ((street.match(/(?:^|[\s,])(?:д|дом)\.?\s*\d/gi) ?? []).length > 1) errors.street = COURIER_MESSAGES.twoHouses
  else if (!/\d/.test(street)) errors.street = COURIER_MESSAGES.noHouse
  else if (street.length < 3) errors.street = COURIER_MESSAGES.noStreet
  else if (!draft.cityFiasId) errors.street = COURIER_MESSAGES.noCity
  if (draft.flat.trim() && !/^[0-9А-Яа-яЁёA-Za-z/-]{1,10}$/.test(draft.flat.trim())) errors.flat = COURIER_MESSAGES.flat
  if (draft.entrance.trim() && !/^\d{1,3}$/.test(draft.entrance.trim())) errors.entrance = COURIER_MESSAGES.entrance
  if (draft.floor.trim() && !/^-?\d{1,3}$/.test(draft.floor.trim())) errors.floor = COURIER_MESSAGES.floor
  if (draft.comment.trim().length > COURIER_COMMENT_MAX) errors.comment = COURIER_MESSAGES.comment
  if (!draft.slotId) errors.slotId = COURIER_MESSAGES.noSlot
  else if (!availableSlotIds.has(draft.slotId)) errors.slotId = COURIER_MESSAGES.slotGone
  return errors
}

/** The first field with an error, for focus. */
export const firstInvalid = (errors: CourierErrors): CourierField | undefined =>
  COURIER_FIELDS.find((field) => errors[field])

/** The order's `courier` body of a valid draft: trimmed, empty optional fields left out. */
export function courierDetails(draft: CourierDraft): CourierDetails {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined)
  const flat = optional(draft.flat)
  const entrance = optional(draft.entrance)
  const floor = optional(draft.floor)
  const comment = optional(draft.comment)
  return {
    address: {
      cityFiasId: draft.cityFiasId,
      city: draft.city,
      street: draft.street.trim().replace(/\s+/g, ' '),
      ...(flat ? { flat } : {}),
      ...(entrance ? { entrance } : {}),
      ...(floor ? { floor } : {}),
      ...(comment ? { comment } : {}),
    },
    slotId: draft.slotId,
  }
}

/** `Казань, ул. Баумана, д. 7, кв. 12, подъезд 2, этаж 5`: an address as the order page shows it. */
export function courierAddressLine(address: CourierAddress): string {
  return [
    address.city,
    address.street,
    address.flat && `кв. ${address.flat}`,
    address.entrance && `подъезд ${address.entrance}`,
    address.floor && `этаж ${address.floor}`,
  ]
    .filter(Boolean)
    .join(', ')
}

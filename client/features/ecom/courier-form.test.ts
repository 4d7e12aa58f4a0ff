import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import { CourierDetailsSchema } from '#shared/models/checkout.ts'
import {
  COURIER_MESSAGES,
  courierAddressLine,
  courierDetails,
  emptyCourierDraft,
  firstInvalid,
  validateCourier,
  type CourierDraft,
} from './courier-form.ts'

const KAZAN = { fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', name: 'Казань' }
const SLOTS = new Set(['2026-03-02T14:00'])
const valid: CourierDraft = { ...emptyCourierDraft(KAZAN), street: 'ул. Баумана, д. 7', slotId: '2026-03-02T14:00' }

describe('validateCourier', () => {
  it('accepts a street with a house number, a known city and an offered window', () => {
    expect(validateCourier(valid, SLOTS)).toEqual({})
  })

  it.each(['ул. Баумана, д.7к2', 'Дмитровское ш., д. 5, стр. 1', 'пр-т Мира, 15', 'ул. Дачная, дом 3'])(
    'accepts the address %s',
    (street) => {
      expect(validateCourier({ ...valid, street }, SLOTS)).toEqual({})
    },
  )

  it.each([
    ['an empty street', { street: '  ' }, 'street', COURIER_MESSAGES.noStreet],
    ['a street without a house number', { street: 'ул. Баумана' }, 'street', COURIER_MESSAGES.noHouse],
    ['a «д.» left without its number', { street: 'ул. Баумана, д. ' }, 'street', COURIER_MESSAGES.danglingHouse],
    [
      'a «д.» without its number before the house',
      { street: 'ул. Баумана, д. , д. 7' },
      'street',
      COURIER_MESSAGES.danglingHouse,
    ],
    ['two houses', { street: 'ул. Баумана, д. 5, д. 7' }, 'street', COURIER_MESSAGES.twoHouses],
    [
      'a street longer than 200 characters',
      { street: `ул. ${'а'.repeat(200)} 1` },
      'street',
      COURIER_MESSAGES.longStreet,
    ],
    ['an address without a city', { cityFiasId: '' }, 'street', COURIER_MESSAGES.noCity],
    ['a flat with spaces inside', { flat: '12 б' }, 'flat', COURIER_MESSAGES.flat],
    ['an entrance that is not a number', { entrance: 'второй' }, 'entrance', COURIER_MESSAGES.entrance],
    ['a floor of four digits', { floor: '1000' }, 'floor', COURIER_MESSAGES.floor],
    ['a comment of 301 characters', { comment: 'к'.repeat(301) }, 'comment', COURIER_MESSAGES.comment],
    ['no window', { slotId: '' }, 'slotId', COURIER_MESSAGES.noSlot],
    ['a window no longer offered', { slotId: '2026-03-01T10:00' }, 'slotId', COURIER_MESSAGES.slotGone],
  ] as const)('refuses %s with its Russian message', (_name, change, field, message) => {
    expect(validateCourier({ ...valid, ...change }, SLOTS)).toEqual({ [field]: message })
  })

  it('accepts a flat with a letter, a basement floor and a 300-character comment', () => {
    expect(
      validateCourier({ ...valid, flat: '12б', floor: '-1', entrance: '3', comment: 'к'.repeat(300) }, SLOTS),
    ).toEqual({})
  })

  it('names the first invalid field in the order of the form', () => {
    expect(firstInvalid(validateCourier({ ...valid, street: '', slotId: '' }, SLOTS))).toBe('street')
    expect(firstInvalid(validateCourier({ ...valid, floor: 'x', slotId: '' }, SLOTS))).toBe('floor')
    expect(firstInvalid({})).toBeUndefined()
  })
})

describe('courierDetails', () => {
  it('builds a body the gateway schema accepts, trimmed and without empty fields', () => {
    const body = courierDetails({ ...valid, street: '  ул. Баумана,   д. 7 ', flat: ' 12 ', comment: '' })
    expect(body).toEqual({
      address: { cityFiasId: KAZAN.fiasId, city: 'Казань', street: 'ул. Баумана, д. 7', flat: '12' },
      slotId: '2026-03-02T14:00',
    })
    expect(safeParse(CourierDetailsSchema, body).success).toBe(true)
  })

  it('gives every draft that passes validation a body the gateway schema accepts', () => {
    const drafts = [valid, { ...valid, flat: '12б', entrance: '3', floor: '-1', comment: 'Позвоните заранее' }]
    for (const draft of drafts) {
      expect(validateCourier(draft, SLOTS)).toEqual({})
      expect(safeParse(CourierDetailsSchema, courierDetails(draft)).success).toBe(true)
    }
  })
})

describe('courierAddressLine', () => {
  it('joins the city, street and the given flat, entrance and floor', () => {
    expect(
      courierAddressLine({
        cityFiasId: KAZAN.fiasId,
        city: 'Казань',
        street: 'ул. Баумана, д. 7',
        flat: '12',
        floor: '5',
      }),
    ).toBe('Казань, ул. Баумана, д. 7, кв. 12, этаж 5')
  })
})

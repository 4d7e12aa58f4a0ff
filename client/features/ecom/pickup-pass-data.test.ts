import { describe, expect, it } from 'vitest'
import type { Order } from '#shared/models/orders.ts'
import type { Store } from '#shared/models/stores.ts'
import {
  isReadyForPickup,
  keepingText,
  pickupPass,
  pickupStoreInfo,
  showsPickupDetails,
  telHref,
  yandexRouteUrl,
} from './pickup-pass-data.ts'

const store: Store = {
  code: 'AU-MSK-001',
  name: 'Аврора, ул. Тверская',
  type: 'shop',
  address: 'г. Москва, ул. Тверская, д. 12',
  city: { fiasId: 'msk', name: 'Москва', region: 'Москва', lat: 55.7558, lon: 37.6173 },
  lat: 55.76412,
  lon: 37.605831,
  phone: '+7 (800) 555-12-34',
  schedule: 'Пн–Сб 10:00–22:00, Вс выходной',
  openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) =>
    day === 7 ? { day, opens: null, closes: null } : { day, opens: '10:00', closes: '22:00' },
  ),
  isPickupAvailable: true,
}

const ready: Order = {
  id: 'o-4',
  number: 'AU-100004',
  status: 'ready',
  createdAt: '2026-11-26T09:00:00.000Z',
  total: 1298,
  itemsCount: 2,
  deliveryType: 'pickup',
  storeName: store.name,
  lines: [],
  totals: { count: 2, itemsTotal: 1298, discountTotal: 0, total: 1298 },
  statusHistory: [
    { status: 'created', at: '2026-11-26T09:00:00.000Z' },
    { status: 'paid', at: '2026-11-26T10:00:00.000Z' },
    { status: 'assembling', at: '2026-11-26T11:00:00.000Z' },
    { status: 'ready', at: '2026-11-26T12:00:00.000Z' },
  ],
  store: { code: store.code, name: store.name, address: store.address },
  payment: { methodId: 'pm-1', title: 'Visa •• 4242' },
  delivery: null,
  pickup: { keepDays: 3, keepUntil: '2026-11-29T12:00:00.000Z' },
  canCancel: false,
  updatedAt: '2026-11-26T12:00:00.000Z',
  version: 4,
}

/** A Wednesday noon and a Sunday noon (the store's day off) in Moscow. */
const WEDNESDAY = new Date('2026-11-25T12:00:00+03:00')
const SUNDAY = new Date('2026-11-29T12:00:00+03:00')

describe('the pickup pass', () => {
  it('shapes the pass of a ready pickup order from the order and its store', () => {
    expect(pickupPass(ready, store, WEDNESDAY)).toEqual({
      number: 'AU-100004',
      qrText: 'AU-100004',
      name: 'Аврора, ул. Тверская',
      address: 'г. Москва, ул. Тверская, д. 12',
      schedule: 'Пн–Сб 10:00–22:00, Вс выходной',
      today: 'Открыто сейчас',
      phone: { text: '+7 (800) 555-12-34', href: 'tel:+78005551234' },
      routeUrl: 'https://yandex.ru/maps/?rtext=~55.76412%2C37.605831&rtt=auto',
      keeping: 'Хранится до 29 ноября 2026, 15:00',
      keepUntil: '2026-11-29T12:00:00.000Z',
      bring: ['Этот QR-код или номер заказа AU-100004', 'Ничего платить не нужно: заказ оплачен (Visa •• 4242)'],
    })
  })

  it('says the store is closed on its day off and when it opens', () => {
    expect(pickupPass(ready, store, SUNDAY)?.today).toBe('Закрыто · откроется завтра')
  })

  it('says at 23:11 that the store is closed and opens tomorrow (UX4-05)', () => {
    const late = new Date('2026-11-25T23:11:00+03:00')
    expect(pickupPass(ready, store, late)?.today).toBe('Закрыто · откроется завтра')
  })

  it('keeps the state’s time when the schedule does not give it (UX4-12)', () => {
    expect(pickupPass(ready, { ...store, schedule: 'По будням' }, WEDNESDAY)?.today).toBe('Открыто до 22:00')
  })

  it('leaves out what the store data does not have: no store answer, another store, no phone or hours', () => {
    const bare = pickupPass(ready, undefined, WEDNESDAY)!
    expect(bare).toMatchObject({
      name: store.name,
      address: store.address,
      keeping: 'Хранится до 29 ноября 2026, 15:00',
    })
    expect([bare.schedule, bare.today, bare.phone, bare.routeUrl]).toEqual([undefined, undefined, undefined, undefined])
    expect(pickupPass(ready, { ...store, code: 'AU-MSK-002' }, WEDNESDAY)?.routeUrl).toBeUndefined()
    const sparse = pickupPass(ready, { ...store, phone: ' ', schedule: '', openingHours: [] }, WEDNESDAY)!
    expect([sparse.phone, sparse.schedule, sparse.today]).toEqual([undefined, undefined, undefined])
    expect(sparse.routeUrl).toBe(yandexRouteUrl(store.lat, store.lon))
  })

  it('names the payment when the order has none on record', () => {
    expect(pickupPass({ ...ready, payment: null }, store, WEDNESDAY)?.bring[1]).toBe(
      'Ничего платить не нужно: заказ оплачен',
    )
  })

  it.each([
    ['an order still assembling', { status: 'assembling' as const }],
    ['a collected order', { status: 'completed' as const }],
    ['a courier order', { deliveryType: 'courier' as const, store: null }],
    ['a pickup order without a store', { store: null }],
  ])('gives no pass for %s', (_, change) => {
    const order = { ...ready, ...change }
    expect(isReadyForPickup(order)).toBe(false)
    expect(pickupPass(order, store, WEDNESDAY)).toBeUndefined()
  })
})

describe('the pickup details of an order', () => {
  it.each([
    ['created', 'Хранится 3 дня с момента готовности'],
    ['assembling', 'Хранится 3 дня с момента готовности'],
    ['ready', 'Хранится до 29 ноября 2026, 15:00'],
    ['completed', undefined],
    ['cancelled', undefined],
  ] as const)('says how long an order %s is kept: %s', (status, text) => {
    expect(keepingText({ status, pickup: ready.pickup })).toBe(text)
  })

  it('says nothing of keeping for an order without it (a courier order)', () => {
    expect(keepingText({ status: 'ready', pickup: null })).toBeUndefined()
    expect(keepingText({ status: 'ready', pickup: undefined })).toBeUndefined()
  })

  it('shows the details for pickup orders in progress only', () => {
    expect(showsPickupDetails({ ...ready, status: 'paid' })).toBe(true)
    expect(showsPickupDetails(ready)).toBe(true)
    expect(showsPickupDetails({ ...ready, status: 'completed' })).toBe(false)
    expect(showsPickupDetails({ ...ready, deliveryType: 'courier' })).toBe(false)
  })

  it('gives the store part with the store’s state now', () => {
    expect(pickupStoreInfo({ ...ready, status: 'paid' }, store, WEDNESDAY)).toMatchObject({
      today: 'Открыто сейчас',
      keeping: 'Хранится 3 дня с момента готовности',
    })
  })

  it.each([
    ['+7 (800) 555-12-34', 'tel:+78005551234'],
    ['8 800 555 12 34', 'tel:88005551234'],
    ['нет', undefined],
  ])('makes a tel: address of %s', (phone, href) => {
    expect(telHref(phone)).toBe(href)
  })
})

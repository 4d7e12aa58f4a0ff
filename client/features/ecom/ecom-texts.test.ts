import { describe, expect, it } from 'vitest'
import type { PaymentMethod } from '#shared/models/payment-cards.ts'
import type { Checkout } from '#shared/models/checkout.ts'
import {
  cancelOrderText,
  courierPriceText,
  deliveryHint,
  methodCustomName,
  methodLabel,
  orderStatusLabel,
  removeMethodTexts,
} from './ecom-texts.ts'

const at = '2026-11-23T09:00:00.000Z'

describe('cancelling an order', () => {
  it('promises no refund for an order nobody paid yet', () => {
    const text = cancelOrderText({ status: 'created', statusHistory: [{ status: 'created', at }] })
    expect(text).toContain('Заказ ещё не оплачен')
    expect(text).not.toContain('Деньги вернутся')
  })

  it.each(['paid', 'assembling'] as const)('promises the refund for an order that is %s', (status) => {
    expect(
      cancelOrderText({
        status,
        statusHistory: [
          { status: 'created', at },
          { status: 'paid', at },
        ],
      }),
    ).toContain('Деньги вернутся')
  })
})

describe('removing a payment method', () => {
  const card: PaymentMethod = {
    id: 'pm-1',
    type: 'card',
    maskedPan: '•• 4242',
    brand: 'visa',
    expiry: '12/29',
    name: 'Зарплатная',
    isDefault: true,
  }
  const sbp: PaymentMethod = {
    id: 'pm-9',
    type: 'sbp',
    bankId: 'volga',
    bankName: 'Банк Волга',
    name: 'СБП — Банк Волга',
    isDefault: false,
  }

  it('asks and acts with the same word: an SBP account is switched off', () => {
    expect(removeMethodTexts(sbp)).toMatchObject({ title: 'Отключить СБП?', action: 'Отключить' })
  })

  it('deletes a card', () => {
    expect(removeMethodTexts(card)).toMatchObject({ title: 'Удалить карту?', action: 'Удалить' })
  })
})

describe('naming a payment method once', () => {
  const mir: PaymentMethod = {
    id: 'pm-2',
    type: 'card',
    maskedPan: '•• 0004',
    brand: 'mir',
    expiry: '08/28',
    name: 'Мир',
    isDefault: false,
  }
  const sbp: PaymentMethod = {
    id: 'pm-3',
    type: 'sbp',
    bankId: 'north',
    bankName: 'Северный банк',
    name: 'СБП — Северный банк',
    isDefault: false,
  }

  it.each([
    ['a card named after its network', mir, 'Мир •• 0004, до 08/28'],
    ['an SBP account named after its bank', sbp, 'СБП, Северный банк'],
    ['an SBP account named «СБП, bank»', { ...sbp, name: 'СБП, Северный банк' }, 'СБП, Северный банк'],
  ])('says %s once, with no made-up name', (_, method, label) => {
    expect(methodCustomName(method)).toBeUndefined()
    expect(methodLabel(method)).toBe(label)
  })

  it('puts the shopper’s own name first', () => {
    expect(methodCustomName({ ...mir, name: ' Зарплатная ' })).toBe('Зарплатная')
    expect(methodLabel({ ...mir, name: 'Зарплатная' })).toBe('Зарплатная, Мир •• 0004, до 08/28')
  })
})

describe('orderStatusLabel', () => {
  it('names a courier order’s last steps after the courier, a pickup order’s after the store', () => {
    expect(orderStatusLabel('ready', 'courier')).toBe('Передан курьеру')
    expect(orderStatusLabel('completed', 'courier')).toBe('Доставлен')
    expect(orderStatusLabel('ready', 'pickup')).toBe('Готов к выдаче')
    expect(orderStatusLabel('completed', 'pickup')).toBe('Получен')
    expect(orderStatusLabel('assembling', 'courier')).toBe('Собирается')
  })
})

describe('courier price', () => {
  const checkout = (total: number, deliveryPrice: number, courierPrice?: number): Checkout => ({
    deliveryType: 'courier',
    store: null,
    paymentMethod: null,
    totals: { itemsTotal: total, discountTotal: 0, total, count: 1 },
    deliveryPrice,
    ...(courierPrice === undefined ? {} : { courierPrice, freeDeliveryFrom: 2000 }),
    cartVersion: 1,
    problems: [],
    canPlace: true,
  })

  it('shows the courier price and the free threshold on the option before it is chosen', () => {
    expect(deliveryHint('courier', { ...checkout(908, 0, 299), deliveryType: 'pickup' })).toMatch(
      /^299\s₽ · бесплатно от 2\s000\s₽$/,
    )
    expect(deliveryHint('courier', checkout(2500, 0, 0))).toBe('Бесплатно')
    expect(deliveryHint('pickup', checkout(908, 299, 299))).toBe('Бесплатно')
    expect(deliveryHint('courier', checkout(908, 299))).toBeUndefined()
  })

  it('says how much more makes delivery free', () => {
    expect(courierPriceText(checkout(908, 299, 299))).toMatch(/До бесплатной доставки осталось 1\s092\s₽\.$/)
    expect(courierPriceText(checkout(2500, 0, 0))).toBe('Доставка бесплатная.')
  })
})

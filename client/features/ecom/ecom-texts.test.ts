import { describe, expect, it } from 'vitest'
import type { PaymentMethod } from '#shared/models/payment-cards.ts'
import { cancelOrderText, orderStatusLabel, removeMethodTexts } from './ecom-texts.ts'

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

describe('orderStatusLabel', () => {
  it('names a courier order’s last steps after the courier, a pickup order’s after the store', () => {
    expect(orderStatusLabel('ready', 'courier')).toBe('Передан курьеру')
    expect(orderStatusLabel('completed', 'courier')).toBe('Доставлен')
    expect(orderStatusLabel('ready', 'pickup')).toBe('Готов к выдаче')
    expect(orderStatusLabel('completed', 'pickup')).toBe('Получен')
    expect(orderStatusLabel('assembling', 'courier')).toBe('Собирается')
  })
})

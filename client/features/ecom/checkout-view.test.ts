import { describe, expect, it } from 'vitest'
import { setAsideNote } from './checkout-view.tsx'

describe('the note on sold-out lines the order sets aside', () => {
  it.each([
    [1, '1 товара нет в наличии: не войдёт в заказ и останется в корзине.'],
    [2, '2 товаров нет в наличии: не войдут в заказ и останутся в корзине.'],
    [5, '5 товаров нет в наличии: не войдут в заказ и останутся в корзине.'],
    [11, '11 товаров нет в наличии: не войдут в заказ и останутся в корзине.'],
    [21, '21 товара нет в наличии: не войдёт в заказ и останется в корзине.'],
  ])('puts the noun after «нет» in the genitive for %i', (count, text) => {
    expect(setAsideNote(count)).toBe(text)
  })
})

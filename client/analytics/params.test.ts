import { describe, expect, it } from 'vitest'
import { mergeParams, positionParams, productParams } from './params.ts'
import { storeParams } from './store-params.ts'

describe('analytics params', () => {
  it('spells the store fields of spec section 3', () => {
    expect(
      storeParams({ code: 'MSK-001', name: 'Аврора на Тверской', city: 'Москва', address: 'Тверская, 1' }),
    ).toEqual({
      store_id: 'MSK-001',
      store_name: 'Аврора на Тверской',
      store_code: 'MSK-001',
      store_city: 'Москва',
      store_address: 'Тверская, 1',
    })
  })

  it.each([
    [
      { id: 7, price: 800, oldPrice: 1000 },
      { product_id: '7', price: 800, old_price: 1000, discount: 200, discount_percent: 20 },
    ],
    [
      { id: 7, price: 800, oldPrice: 1000, discountPercent: 21 },
      { product_id: '7', price: 800, old_price: 1000, discount: 200, discount_percent: 21 },
    ],
    [
      { id: 8, price: 500 },
      { product_id: '8', price: 500, old_price: null, discount: 0, discount_percent: 0 },
    ],
    [
      { id: 9, price: 500, oldPrice: 400 },
      { product_id: '9', price: 500, old_price: null, discount: 0, discount_percent: 0 },
    ],
  ])('spells the product fields of %j', (product, expected) => {
    expect(productParams(product)).toEqual(expected)
  })

  it('counts positions from 1 and names the list', () => {
    expect(positionParams(0, 'catalog')).toEqual({ position: 1, list: 'catalog' })
    expect(positionParams(4)).toEqual({ position: 5 })
  })

  it('merges and drops undefined values', () => {
    expect(mergeParams({ a: 1, b: undefined }, undefined, { c: null })).toEqual({ a: 1, c: null })
  })
})

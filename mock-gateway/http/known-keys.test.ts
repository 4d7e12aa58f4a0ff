import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { unknownNestedKeys } from './known-keys.ts'

const Address = z.object({ city: z.string(), street: z.string(), flat: z.optional(z.string()) })
const Order = z.object({
  version: z.int(),
  courier: z.optional(z.object({ address: Address, slotId: z.string() })),
  photos: z.optional(z.array(z.object({ type: z.string(), width: z.int() }))),
  gifts: z.nullable(z.record(z.string(), z.object({ goodsId: z.int() }))),
  metadata: z.optional(z.record(z.string(), z.string())),
  params: z.optional(z.looseObject({ source: z.optional(z.string()) })),
  extra: z.optional(z.unknown()),
  choice: z.optional(z.union([z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), b: z.string() })])),
})
const address = { city: 'Казань', street: 'ул. Баумана, д. 7' }

describe('unknownNestedKeys', () => {
  it('names a key of a nested object by its path and lists what that object takes', () => {
    expect(
      unknownNestedKeys(Order, { version: 1, courier: { address: { ...address, stret: 'x' }, slotId: 's' } }, 'order'),
    ).toEqual({ 'courier.address.stret': 'unknown key stret: courier.address of order takes city, street, flat' })
  })

  it('names a key of an object in an array by its index', () => {
    expect(unknownNestedKeys(Order, { photos: [{ type: 'image/png', width: 1 }, { widht: 1 }] }, 'order')).toEqual({
      'photos.1.widht': 'unknown key widht: photos.1 of order takes type, width',
    })
  })

  it('checks the objects a record holds, but not the record its keys', () => {
    expect(unknownNestedKeys(Order, { gifts: { 'any key': { goodsId: 1, qty: 2 } } }, 'order')).toEqual({
      'gifts.any key.qty': 'unknown key qty: gifts.any key of order takes goodsId',
    })
  })

  it('sees through optional, nullable and pipe wrappers', () => {
    const Piped = z.object({
      inner: z.nullable(
        z.pipe(
          z.object({ a: z.string() }),
          z.transform((v) => v),
        ),
      ),
    })
    expect(unknownNestedKeys(Piped, { inner: { a: '', b: '' } }, 'piped')).toEqual({
      'inner.b': 'unknown key b: inner of piped takes a',
    })
  })

  it.each([
    ['a record (free-form map)', { metadata: { utm_source: 'mail', anything: 'goes' } }],
    ['a loose object', { params: { source: 'x', campaign: 'y' } }],
    ['an unknown value', { extra: { deep: { nested: true } } }],
    ['a union (the schema picks the option)', { choice: { kind: 'b', b: 'x', c: 1 } }],
  ])('keeps %s open', (_, value) => {
    expect(unknownNestedKeys(Order, value, 'order')).toBeUndefined()
  })

  it('leaves the top level to unknownKeys, and values of the wrong shape to the schema', () => {
    expect(
      unknownNestedKeys(Order, { versoin: 1, courier: 'nope', photos: { 0: { x: 1 } }, gifts: null }, 'order'),
    ).toBeUndefined()
  })

  it('says so when a nested object takes no key', () => {
    const Empty = z.object({ flags: z.object({}) })
    expect(unknownNestedKeys(Empty, { flags: { on: true } }, 'e')).toEqual({
      'flags.on': 'unknown key on: flags of e takes no keys',
    })
  })
})

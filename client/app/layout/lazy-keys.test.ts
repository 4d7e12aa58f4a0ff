/** The toolbar's lazily loaded queries use the same SWR keys as the queries themselves. */
import { describe, expect, it } from 'vitest'
import { cartQuery } from '#shared/queries/ecom.ts'
import { profileQuery } from '#shared/queries/profile.ts'
import { CART_KEY } from '#client/features/ecom/cart-link.tsx'
import { PROFILE_KEY } from '#client/features/auth/user-menu.tsx'

describe('lazy query keys', () => {
  it('gives the toolbar cart link the key of cartQuery()', () => {
    expect([...CART_KEY]).toEqual(cartQuery().key)
  })
  it('gives the user menu the key of profileQuery()', () => {
    expect([...PROFILE_KEY]).toEqual(profileQuery().key)
  })
})

/** Carts with their checkout drafts: one per user, created on first use. */
import type { CartRecord } from '../db/schemas.ts'
import type { MockState } from '../state.ts'

/** The user's default payment method id, if any. */
export const defaultMethodId = (state: MockState, userId: string): string | null =>
  state.db.paymentMethods.findMany((q) => q.where({ userId })).find((record) => record.method.isDefault)?.method.id ??
  null

/** The user's cart, created empty on first use. */
export async function cartOf(state: MockState, userId: string): Promise<CartRecord> {
  return (
    state.db.carts.findFirst((q) => q.where({ userId })) ??
    state.db.carts.create({
      userId,
      lines: [],
      version: 0,
      deliveryType: 'pickup',
      storeCode: null,
      paymentMethodId: defaultMethodId(state, userId),
    })
  )
}

/** Changes the user's cart; `bump` increments its version (line changes do, draft changes do not). */
export async function changeCart(
  state: MockState,
  userId: string,
  change: (draft: CartRecord) => void,
  bump = true,
): Promise<CartRecord> {
  await cartOf(state, userId)
  const updated = await state.db.carts.update((q) => q.where({ userId }), {
    data(draft) {
      change(draft)
      if (bump) draft.version++
    },
  })
  return updated as CartRecord
}

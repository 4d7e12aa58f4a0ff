/** Saved payment methods: list, card form sessions, SBP accounts, rename, default, delete. */
import { randomBytes } from 'node:crypto'
import type { HttpHandler } from 'msw'
import {
  createCardSession,
  deletePaymentMethod,
  linkSbpAccount,
  listPaymentMethods,
  listSbpBanks,
  renamePaymentMethod,
  setDefaultPaymentMethod,
} from '#shared/gateway/payment-methods.ts'
import type { PaymentMethod, SavedCard, SbpAccount } from '#shared/models/payment-cards.ts'
import { resolveReturnUrl } from '../domain/cards.ts'
import { gatewayError, notFound, validationError } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import type { MockState } from '../state.ts'

/** A card form session lasts this long. */
export const CARD_SESSION_TTL_MS = 15 * 60_000

/** The user's methods: the default first, then newest first. */
export function methodsOf(state: MockState, userId: string): PaymentMethod[] {
  return state.db.paymentMethods
    .findMany((q) => q.where({ userId }))
    .sort((a, b) => Number(b.method.isDefault) - Number(a.method.isDefault) || b.createdAt.localeCompare(a.createdAt))
    .map((record) => record.method)
}

/** A method to save: everything but its id and default flag. */
export type NewPaymentMethod = Omit<SavedCard, 'id' | 'isDefault'> | Omit<SbpAccount, 'id' | 'isDefault'>

/** Saves a new method for a user; the first one becomes the default. */
export async function addMethod(state: MockState, userId: string, method: NewPaymentMethod): Promise<PaymentMethod> {
  const saved = {
    ...method,
    id: `pm-${++state.seq.paymentMethod}`,
    isDefault: methodsOf(state, userId).length === 0,
  } as PaymentMethod
  await state.db.paymentMethods.create({ userId, createdAt: new Date(state.clock.now()).toISOString(), method: saved })
  return saved
}

/** Makes one method the default (or, with undefined, the newest remaining one). */
async function makeDefault(state: MockState, userId: string, id: string | undefined): Promise<void> {
  const target = id ?? methodsOf(state, userId)[0]?.id
  await state.db.paymentMethods.updateMany((q) => q.where({ userId }), {
    data(draft) {
      draft.method.isDefault = draft.method.id === target
    },
  })
}

/** Handlers of `/v1/payment-methods*`. */
export function paymentMethodHandlers(state: MockState): HttpHandler[] {
  const find = (userId: string, id: string) =>
    state.db.paymentMethods.findFirst((q) => q.where({ userId, method: { id } }))
  return [
    mockEndpoint(state, listPaymentMethods, ({ userId }) => ({ items: methodsOf(state, userId) })),

    mockEndpoint(state, createCardSession, ({ userId, body }) => {
      const returnUrl = resolveReturnUrl(body.returnUrl, state.config.storefrontOrigin)
      if (!returnUrl) return validationError({ returnUrl: 'Адрес возврата должен вести на витрину' })
      const sessionId = randomBytes(16).toString('hex')
      const expiresAt = state.clock.now() + CARD_SESSION_TTL_MS
      state.cardSessions.set(sessionId, { userId, returnUrl, expiresAt, done: false })
      return {
        sessionId,
        formUrl: `${state.publicUrl}/payform/${sessionId}`,
        expires: new Date(expiresAt).toISOString(),
      }
    }),

    mockEndpoint(state, listSbpBanks, () => ({ items: state.db.sbpBanks.findMany() }), CACHEABLE),

    mockEndpoint(state, linkSbpAccount, async ({ userId, body }) => {
      const bank = state.db.sbpBanks.findFirst((q) => q.where({ id: body.bankId }))
      if (!bank) return notFound('Банк не найден')
      if (methodsOf(state, userId).some((m) => m.type === 'sbp' && m.bankId === bank.id)) {
        return gatewayError(409, 'alreadyAccepted', 'Счёт в этом банке уже привязан')
      }
      return addMethod(state, userId, { type: 'sbp', bankId: bank.id, bankName: bank.name, name: `СБП — ${bank.name}` })
    }),

    mockEndpoint(state, renamePaymentMethod, async ({ userId, params, body }) => {
      if (!find(userId, params.id)) return notFound('Способ оплаты не найден')
      const updated = await state.db.paymentMethods.update((q) => q.where({ userId, method: { id: params.id } }), {
        data(draft) {
          draft.method.name = body.name
        },
      })
      return (updated ?? find(userId, params.id))!.method
    }),

    mockEndpoint(state, setDefaultPaymentMethod, async ({ userId, params }) => {
      if (!find(userId, params.id)) return notFound('Способ оплаты не найден')
      await makeDefault(state, userId, params.id)
      return { items: methodsOf(state, userId) }
    }),

    mockEndpoint(state, deletePaymentMethod, async ({ userId, params }) => {
      const record = find(userId, params.id)
      if (!record) return notFound('Способ оплаты не найден')
      state.db.paymentMethods.delete((q) => q.where({ userId, method: { id: params.id } }))
      if (record.method.isDefault) await makeDefault(state, userId, undefined)
      await state.db.carts.update((q) => q.where({ userId, paymentMethodId: params.id }), {
        data(draft) {
          draft.paymentMethodId = null
        },
      })
      return { items: methodsOf(state, userId) }
    }),
  ]
}

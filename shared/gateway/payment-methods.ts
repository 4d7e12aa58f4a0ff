/** Saved payment methods: cards (added on the gateway's own payment form) and SBP accounts. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  CardSessionRequestSchema,
  CardSessionSchema,
  PaymentMethodParamsSchema,
  PaymentMethodRenameSchema,
  PaymentMethodSchema,
  PaymentMethodsSchema,
  SbpBanksSchema,
  SbpLinkSchema,
} from '../models/payment-cards.ts'

/** The saved methods, the default first. */
export const listPaymentMethods = defineEndpoint({
  name: 'paymentMethods.list',
  gateway: 'web',
  method: 'GET',
  path: '/v1/payment-methods',
  auth: true,
  response: PaymentMethodsSchema,
})

/** Opens a card form session: the browser goes to `formUrl` (never through the storefront); 400 `validationError` for a foreign `returnUrl`. */
export const createCardSession = defineEndpoint({
  name: 'paymentMethods.cardSession',
  gateway: 'web',
  method: 'POST',
  path: '/v1/payment-methods/card-sessions',
  auth: true,
  body: CardSessionRequestSchema,
  response: CardSessionSchema,
})

/** Banks reachable through SBP. */
export const listSbpBanks = defineEndpoint({
  name: 'paymentMethods.sbpBanks',
  gateway: 'web',
  method: 'GET',
  path: '/v1/payment-methods/sbp-banks',
  auth: false,
  response: SbpBanksSchema,
})

/** Links an SBP account; 404 `notFound` for an unknown bank, 409 `alreadyAccepted` when that bank is linked. */
export const linkSbpAccount = defineEndpoint({
  name: 'paymentMethods.addSbp',
  gateway: 'web',
  method: 'POST',
  path: '/v1/payment-methods/sbp',
  auth: true,
  body: SbpLinkSchema,
  response: PaymentMethodSchema,
})

/** Renames a method. */
export const renamePaymentMethod = defineEndpoint({
  name: 'paymentMethods.rename',
  gateway: 'web',
  method: 'PATCH',
  path: '/v1/payment-methods/:id',
  auth: true,
  params: PaymentMethodParamsSchema,
  body: PaymentMethodRenameSchema,
  response: PaymentMethodSchema,
})

/** Makes a method the default one and answers the whole list. */
export const setDefaultPaymentMethod = defineEndpoint({
  name: 'paymentMethods.setDefault',
  gateway: 'web',
  method: 'POST',
  path: '/v1/payment-methods/:id/default',
  auth: true,
  params: PaymentMethodParamsSchema,
  response: PaymentMethodsSchema,
})

/** Deletes a method and answers the remaining list (the next one becomes default). */
export const deletePaymentMethod = defineEndpoint({
  name: 'paymentMethods.delete',
  gateway: 'web',
  method: 'DELETE',
  path: '/v1/payment-methods/:id',
  auth: true,
  params: PaymentMethodParamsSchema,
  response: PaymentMethodsSchema,
})

/** Saved payment methods: bank cards (added on the gateway's payment form) and fast-payment-system (SBP) accounts. */
import * as z from 'zod/mini'
import { ImageSchema, TimestampSchema } from './common.ts'

/** Card networks. */
export const CARD_BRANDS = ['mir', 'visa', 'mastercard', 'unionpay', 'unknown'] as const
export const CardBrandSchema = z.enum(CARD_BRANDS)
export type CardBrand = z.infer<typeof CardBrandSchema>

/** A saved card: only the last four digits are known (`•• 4242`). */
export const SavedCardSchema = z.object({
  id: z.string(),
  type: z.literal('card'),
  maskedPan: z.string(),
  brand: CardBrandSchema,
  /** `MM/YY`. */
  expiry: z.string().check(z.regex(/^\d{2}\/\d{2}$/)),
  name: z.string(),
  isDefault: z.boolean(),
})
export type SavedCard = z.infer<typeof SavedCardSchema>

/** A linked SBP account of a bank. */
export const SbpAccountSchema = z.object({
  id: z.string(),
  type: z.literal('sbp'),
  bankId: z.string(),
  bankName: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
})
export type SbpAccount = z.infer<typeof SbpAccountSchema>

/** A saved payment method. */
export const PaymentMethodSchema = z.discriminatedUnion('type', [SavedCardSchema, SbpAccountSchema])
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/** `GET /v1/payment-methods`: the default first, then newest first. */
export const PaymentMethodsSchema = z.object({ items: z.array(PaymentMethodSchema) })
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>

/**
 * `POST /v1/payment-methods/card-sessions`: opens the gateway's card form. `returnUrl` is a storefront
 * path (or an absolute URL of the storefront's origin) the form sends the browser back to, with
 * `?cardAdded=1` or `?cardError={reason}`.
 */
export const CardSessionRequestSchema = z.object({ returnUrl: z.string().check(z.minLength(1), z.maxLength(2000)) })

/** The card form to open (an absolute URL on the gateway's own origin, never the storefront's). */
export const CardSessionSchema = z.object({
  sessionId: z.string(),
  formUrl: z.string(),
  expires: TimestampSchema,
})

/** A bank reachable through SBP. */
export const SbpBankSchema = z.object({ id: z.string(), name: z.string(), logo: ImageSchema })

/** `GET /v1/payment-methods/sbp-banks`. */
export const SbpBanksSchema = z.object({ items: z.array(SbpBankSchema) })

/** `POST /v1/payment-methods/sbp`: links an SBP account of a bank. */
export const SbpLinkSchema = z.object({ bankId: z.string().check(z.minLength(1)) })

/** `PATCH /v1/payment-methods/:id`: renames a method. */
export const PaymentMethodRenameSchema = z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) })

/** Path params of one payment method. */
export const PaymentMethodParamsSchema = z.object({ id: z.string().check(z.minLength(1)) })

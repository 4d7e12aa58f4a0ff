/** The shopper's profile (spec section 3) and the calls that read, change and create it. */
import * as z from 'zod/mini'
import { DateSchema, PhoneSchema } from './common.ts'
import { PermissionsPatchSchema } from './consents.ts'

/** `GET /v1/profile`: empty fields are `null`. */
export const ProfileSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  phone: PhoneSchema,
  firstName: z.nullable(z.string()),
  birthDate: z.nullable(DateSchema),
  email: z.nullable(z.string()),
  isEmailConfirmed: z.boolean(),
})
export type Profile = z.infer<typeof ProfileSchema>

/** `PATCH /v1/profile`: only the fields that change; `null` clears birthDate or email. */
export const ProfilePatchSchema = z.object({
  firstName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  birthDate: z.optional(z.nullable(DateSchema)),
  email: z.optional(z.nullable(z.email())),
})
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>

/**
 * `POST /v3/profile/register/{product}-id-code`: creates the account of a verified phone.
 * `idCode` is `{product}IDCode` on the wire; birthDate and email are left out when empty (spec section 5).
 */
export const RegistrationSchema = z.object({
  idCode: z.string().check(z.minLength(1)),
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  birthDate: z.optional(DateSchema),
  email: z.optional(z.email()),
  /** The user agreement must be accepted to register. */
  agreementAccepted: z.literal(true),
  /** Marketing consents chosen on the form; the rest take their defaults. */
  permissions: z.optional(PermissionsPatchSchema),
})
export type Registration = z.infer<typeof RegistrationSchema>

/** The created account. */
export const RegistrationResultSchema = z.object({ userId: z.string().check(z.minLength(1)) })

/** `GET /v1/keeperid/bunch`: the loyalty binding of a complete profile (422 `incomplete_profile_info` otherwise). */
export const KeeperBunchSchema = z.object({
  userId: z.string(),
  keeperId: z.string(),
  loyaltyCardNumber: z.string(),
  /**
   * Points on the card, when the loyalty system's answer has them (the spec does not show this answer's
   * fields; a gateway without it is served too: the card sheet then says where to see the balance).
   */
  loyaltyPoints: z.optional(z.int().check(z.nonnegative())),
})

/** Marketing consents (spec section 3): the eight permission flags and the channel-key map. */
import * as z from 'zod/mini'

/** The permission flags of `/cuscom/v2/user/permissions`. */
export const PermissionsSchema = z.object({
  isPushPersPermitted: z.boolean(),
  isPushMassPermitted: z.boolean(),
  isPushContentPermitted: z.boolean(),
  isEmailPermitted: z.boolean(),
  isSmsPermitted: z.boolean(),
  isSocialPermitted: z.boolean(),
  isCallsPermitted: z.boolean(),
  isDigitalReceiptPermitted: z.boolean(),
})
export type Permissions = z.infer<typeof PermissionsSchema>

/** A change of some flags: flags left out keep their value. */
export const PermissionsPatchSchema = z.partial(PermissionsSchema)
export type PermissionsPatch = z.infer<typeof PermissionsPatchSchema>

/** Channel key to permission flag (spec section 3). */
export const CONSENT_CHANNELS = {
  push_pers: 'isPushPersPermitted',
  push_mass: 'isPushMassPermitted',
  push_content: 'isPushContentPermitted',
  email: 'isEmailPermitted',
  sms: 'isSmsPermitted',
  social: 'isSocialPermitted',
  calls: 'isCallsPermitted',
  digital_receipt: 'isDigitalReceiptPermitted',
} as const satisfies Record<string, keyof Permissions>
export type ConsentChannel = keyof typeof CONSENT_CHANNELS

/** Flags of a new user: SMS on, everything else off (spec section 3). */
export const DEFAULT_PERMISSIONS: Readonly<Permissions> = Object.freeze({
  isPushPersPermitted: false,
  isPushMassPermitted: false,
  isPushContentPermitted: false,
  isEmailPermitted: false,
  isSmsPermitted: true,
  isSocialPermitted: false,
  isCallsPermitted: false,
  isDigitalReceiptPermitted: false,
})

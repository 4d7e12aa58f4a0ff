/** Consent mapping of spec section 3: channel keys to permission flags, and the changes a form makes. */
import {
  CONSENT_CHANNELS,
  DEFAULT_PERMISSIONS,
  type ConsentChannel,
  type Permissions,
  type PermissionsPatch,
} from '../models/consents.ts'

/** Every channel key of spec section 3, in the order the forms show them (the common channels first). */
export const CONSENT_CHANNEL_KEYS: readonly ConsentChannel[] = [
  'sms',
  'email',
  'push_pers',
  'push_mass',
  'push_content',
  'social',
  'calls',
  'digital_receipt',
]

/** Russian labels of the channels. */
export const CONSENT_LABELS: Readonly<Record<ConsentChannel, string>> = {
  sms: 'SMS-сообщения',
  email: 'Письма на электронную почту',
  push_pers: 'Персональные push-уведомления',
  push_mass: 'Push-уведомления об акциях',
  push_content: 'Push-уведомления о новостях и статьях',
  social: 'Сообщения в социальных сетях и мессенджерах',
  calls: 'Телефонные звонки',
  digital_receipt: 'Электронные чеки',
}

/** The flag of a channel key. */
export const flagOf = (channel: ConsentChannel): keyof Permissions => CONSENT_CHANNELS[channel]

/** The channel values of a set of flags (missing flags take their defaults: SMS on, the rest off). */
export function channelsOf(permissions: Partial<Permissions> | undefined): Record<ConsentChannel, boolean> {
  const merged = { ...DEFAULT_PERMISSIONS, ...permissions }
  return Object.fromEntries(CONSENT_CHANNEL_KEYS.map((channel) => [channel, merged[flagOf(channel)]])) as Record<
    ConsentChannel,
    boolean
  >
}

/** The flags of channel values (a partial set of channels gives a partial patch). */
export function permissionsOf(channels: Partial<Record<ConsentChannel, boolean>>): PermissionsPatch {
  const patch: PermissionsPatch = {}
  for (const channel of CONSENT_CHANNEL_KEYS) {
    const value = channels[channel]
    if (value !== undefined) patch[flagOf(channel)] = value
  }
  return patch
}

/** Only the flags that differ from the current ones; empty when nothing changed. */
export function changedPermissions(current: Permissions, next: Partial<Permissions>): PermissionsPatch {
  const patch: PermissionsPatch = {}
  for (const [flag, value] of Object.entries(next) as Array<[keyof Permissions, boolean | undefined]>) {
    if (value !== undefined && current[flag] !== value) patch[flag] = value
  }
  return patch
}

import { describe, expect, it } from 'vitest'
import { CONSENT_CHANNELS, DEFAULT_PERMISSIONS, type Permissions } from '../models/consents.ts'
import {
  CONSENT_CHANNEL_KEYS,
  CONSENT_LABELS,
  changedPermissions,
  channelsOf,
  flagOf,
  permissionsOf,
} from './consents.ts'

describe('consent mapping', () => {
  it.each([
    ['push_pers', 'isPushPersPermitted'],
    ['push_mass', 'isPushMassPermitted'],
    ['push_content', 'isPushContentPermitted'],
    ['email', 'isEmailPermitted'],
    ['sms', 'isSmsPermitted'],
    ['social', 'isSocialPermitted'],
    ['calls', 'isCallsPermitted'],
    ['digital_receipt', 'isDigitalReceiptPermitted'],
  ] as const)('channel %s maps to %s', (channel, flag) => {
    expect(flagOf(channel)).toBe(flag)
    expect(CONSENT_LABELS[channel]).toMatch(/\S/)
  })

  it('covers every channel of spec section 3 exactly once', () => {
    expect([...CONSENT_CHANNEL_KEYS].sort()).toEqual(Object.keys(CONSENT_CHANNELS).sort())
  })

  it('defaults SMS on and everything else off', () => {
    const channels = channelsOf(undefined)
    expect(channels.sms).toBe(true)
    expect(
      Object.entries(channels)
        .filter(([, on]) => on)
        .map(([key]) => key),
    ).toEqual(['sms'])
  })

  it('turns channel values into flags', () => {
    expect(permissionsOf({ sms: false, email: true })).toEqual({ isSmsPermitted: false, isEmailPermitted: true })
  })

  it.each<[string, Partial<Permissions>, Partial<Permissions>]>([
    ['nothing changed', { isSmsPermitted: true }, {}],
    ['one flag changed', { isSmsPermitted: false, isEmailPermitted: false }, { isSmsPermitted: false }],
    [
      'two flags changed',
      { isCallsPermitted: true, isSocialPermitted: true },
      { isCallsPermitted: true, isSocialPermitted: true },
    ],
  ])('sends only changes: %s', (_name, next, expected) => {
    expect(changedPermissions(DEFAULT_PERMISSIONS, next)).toEqual(expected)
  })
})

import { describe, expect, it } from 'vitest'
import { SUBSCRIPTION_LABELS, SUBSCRIPTION_STATES, isSubscribed, subscriptionTone } from './subscription.ts'

describe('subscription states', () => {
  it.each([
    ['notSubscribed', false],
    ['pending', false],
    ['unsubscribed', false],
    ['subscribed', true],
    ['trialPeriod', true],
    ['scheduledForCancellation', true],
  ] as const)('%s counts as subscribed: %s', (state, subscribed) => {
    expect(isSubscribed(state)).toBe(subscribed)
    expect(subscriptionTone(state) === 'positive').toBe(subscribed)
    expect(SUBSCRIPTION_LABELS[state]).toMatch(/\S/)
  })

  it('has the six states of spec section 4', () => {
    expect(SUBSCRIPTION_STATES).toHaveLength(6)
  })
})

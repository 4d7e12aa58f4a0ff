/** Subscription status (spec sections 3 and 4). */
import * as z from 'zod/mini'

/** The six subscription states of spec section 4. */
export const SUBSCRIPTION_STATES = [
  'notSubscribed',
  'pending',
  'unsubscribed',
  'subscribed',
  'trialPeriod',
  'scheduledForCancellation',
] as const

/** One subscription state. */
export const SubscriptionStateSchema = z.enum(SUBSCRIPTION_STATES)
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>

/** `GET /v2/subscription/status`. */
export const SubscriptionStatusSchema = z.object({ currentStatus: SubscriptionStateSchema })

const SUBSCRIBED: ReadonlySet<SubscriptionState> = new Set(['subscribed', 'trialPeriod', 'scheduledForCancellation'])

/** Whether a state counts as subscribed: subscribed, trialPeriod and scheduledForCancellation do. */
export const isSubscribed = (state: SubscriptionState): boolean => SUBSCRIBED.has(state)

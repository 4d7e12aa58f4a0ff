/** Subscription states of spec section 4 with the texts the account UI shows. */
import { SUBSCRIPTION_STATES, isSubscribed, type SubscriptionState } from '../models/subscription.ts'

export { SUBSCRIPTION_STATES, isSubscribed }

/** Russian text of each state. */
export const SUBSCRIPTION_LABELS: Readonly<Record<SubscriptionState, string>> = {
  notSubscribed: 'Подписка не оформлена',
  pending: 'Подписка оформляется',
  unsubscribed: 'Подписка отменена',
  subscribed: 'Подписка активна',
  trialPeriod: 'Пробный период',
  scheduledForCancellation: 'Подписка активна до конца периода',
}

/** The badge tone of a state: subscribed states are positive, `pending` neutral, the rest muted. */
export const subscriptionTone = (state: SubscriptionState): 'positive' | 'neutral' | 'muted' =>
  isSubscribed(state) ? 'positive' : state === 'pending' ? 'neutral' : 'muted'

/** Shoppers: creation and the rules about e-mails. */
import type { Permissions } from '#shared/models/consents.ts'
import { DEFAULT_PERMISSIONS } from '#shared/models/consents.ts'
import type { SubscriptionState } from '#shared/models/subscription.ts'
import type { UserRecord } from '../db/schemas.ts'
import type { MockState } from '../state.ts'

/** E-mail domains PATCH /v1/profile refuses with 422 `emailForbiddenToUse`: the corporate domain and disposable mail. */
export const FORBIDDEN_EMAIL_DOMAINS = [
  'aurora.example',
  'mailinator.com',
  'yopmail.com',
  'temp-mail.org',
  '10minutemail.com',
] as const

/** Whether an e-mail is at a forbidden domain (or one of its subdomains). */
export function isForbiddenEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  return FORBIDDEN_EMAIL_DOMAINS.some((forbidden) => domain === forbidden || domain.endsWith(`.${forbidden}`))
}

/** A profile is complete once it has a first name. */
export const isComplete = (user: Pick<UserRecord, 'firstName'>): boolean => Boolean(user.firstName?.trim())

/** What a new user is made of. */
export interface NewUser {
  userId?: string
  phone: string
  firstName: string | null
  birthDate?: string | null
  email?: string | null
  permissions?: Partial<Permissions>
  subscription?: SubscriptionState
  /** The loyalty card's number; '' for a shopper without a card. Default: `7788` and the user id. */
  loyaltyCardNumber?: string
  /** Points on the card. Default: `WELCOME_POINTS` on a new card, none without a card. */
  loyaltyPoints?: number
}

/** The points a new shopper's virtual card gets at registration (the home page's «300 баллов» banner). */
export const WELCOME_POINTS = 300

/** Creates a user; ids of new registrations count up from 200001. */
export async function createUser(state: MockState, input: NewUser): Promise<UserRecord> {
  const userId = input.userId ?? String(++state.seq.user)
  return state.db.users.create({
    userId,
    phone: input.phone,
    firstName: input.firstName,
    birthDate: input.birthDate ?? null,
    email: input.email ?? null,
    isEmailConfirmed: false,
    permissions: { ...DEFAULT_PERMISSIONS, ...input.permissions },
    subscription: input.subscription ?? 'notSubscribed',
    keeperId: `K-${userId}`,
    loyaltyCardNumber: input.loyaltyCardNumber ?? `7788${userId.padStart(12, '0')}`,
    ...(input.loyaltyCardNumber === '' ? {} : { loyaltyPoints: input.loyaltyPoints ?? WELCOME_POINTS }),
    createdAt: new Date(state.clock.now()).toISOString(),
  })
}

/** A user by phone. */
export const userByPhone = (state: MockState, phone: string): UserRecord | undefined =>
  state.db.users.findFirst((q) => q.where({ phone }))

/** A user by id. */
export const userById = (state: MockState, userId: string): UserRecord | undefined =>
  state.db.users.findFirst((q) => q.where({ userId }))

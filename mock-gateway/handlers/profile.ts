/** Profile, registration, completeness check, consents and subscription. */
import type { HttpHandler } from 'msw'
import {
  getKeeperBunch,
  getPermissions,
  getProfile,
  getSubscriptionStatus,
  registerProfile,
  updatePermissions,
  updateProfile,
} from '#shared/gateway/profile.ts'
import type { Profile } from '#shared/models/profile.ts'
import type { UserRecord } from '../db/schemas.ts'
import { createUser, isComplete, isForbiddenEmail, userById, userByPhone } from '../domain/users.ts'
import { gatewayError } from '../http/gateway-error.ts'
import { mockEndpoint } from '../http/mock-endpoint.ts'
import type { MockState } from '../state.ts'

/** A phone whose loyalty card cannot be merged into a new account: its registration answers 409 `cardMergeBlocked`. */
export const CARD_MERGE_BLOCKED_PHONE = '79000000009'

const profileOf = (user: UserRecord): Profile => ({
  userId: user.userId,
  phone: user.phone,
  firstName: user.firstName,
  birthDate: user.birthDate,
  email: user.email,
  isEmailConfirmed: user.isEmailConfirmed,
})

const forbiddenEmail = () => gatewayError(422, 'emailForbiddenToUse', 'Укажите личную почту')

/** Handlers of the profile and consent calls. */
export function profileHandlers(state: MockState): HttpHandler[] {
  const user = (userId: string) => userById(state, userId) as UserRecord
  return [
    mockEndpoint(state, getProfile, ({ userId }) => profileOf(user(userId))),

    mockEndpoint(state, updateProfile, async ({ userId, body }) => {
      if (body.email && isForbiddenEmail(body.email)) return forbiddenEmail()
      const updated = await state.db.users.update((q) => q.where({ userId }), {
        data(draft) {
          if (body.firstName !== undefined) draft.firstName = body.firstName
          if (body.birthDate !== undefined) draft.birthDate = body.birthDate
          if (body.email !== undefined && body.email !== draft.email) {
            draft.email = body.email
            draft.isEmailConfirmed = false
          }
        },
      })
      return profileOf(updated ?? user(userId))
    }),

    mockEndpoint(state, registerProfile, async ({ body }) => {
      const entry = state.auth.idCodes.get(body.idCode)
      if (!entry || entry.expiresAt <= state.clock.now())
        return gatewayError(422, 'idCodeExpired', 'Код входа устарел, войдите снова')
      if (userByPhone(state, entry.phone)) return gatewayError(409, 'alreadyRegistered', 'Телефон уже зарегистрирован')
      if (entry.phone === CARD_MERGE_BLOCKED_PHONE)
        return gatewayError(409, 'cardMergeBlocked', 'Карта лояльности этого телефона заблокирована для объединения')
      if (body.email && isForbiddenEmail(body.email)) return forbiddenEmail()
      const created = await createUser(state, {
        phone: entry.phone,
        firstName: body.firstName,
        birthDate: body.birthDate ?? null,
        email: body.email ?? null,
        permissions: body.permissions ?? {},
      })
      return { userId: created.userId }
    }),

    mockEndpoint(state, getKeeperBunch, ({ userId }) => {
      const record = user(userId)
      if (!isComplete(record)) return gatewayError(422, 'incomplete_profile_info', 'Заполните профиль')
      const bunch = { userId, keeperId: record.keeperId, loyaltyCardNumber: record.loyaltyCardNumber }
      return record.loyaltyPoints === undefined ? bunch : { ...bunch, loyaltyPoints: record.loyaltyPoints }
    }),

    mockEndpoint(state, getPermissions, ({ userId }) => user(userId).permissions),

    mockEndpoint(state, updatePermissions, async ({ userId, body }) => {
      const updated = await state.db.users.update((q) => q.where({ userId }), {
        data(draft) {
          Object.assign(
            draft.permissions,
            Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
          )
        },
      })
      return (updated ?? user(userId)).permissions
    }),

    mockEndpoint(state, getSubscriptionStatus, ({ userId }) => ({ currentStatus: user(userId).subscription })),
  ]
}

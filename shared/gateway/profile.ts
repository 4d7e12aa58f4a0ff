/** The shopper's account: profile, registration, completeness check, consents and subscription. */
import { defineEndpoint } from '../api/endpoint.ts'
import { PermissionsPatchSchema, PermissionsSchema } from '../models/consents.ts'
import {
  KeeperBunchSchema,
  ProfilePatchSchema,
  ProfileSchema,
  RegistrationResultSchema,
  RegistrationSchema,
} from '../models/profile.ts'
import { SubscriptionStatusSchema } from '../models/subscription.ts'

/** Reads the profile. */
export const getProfile = defineEndpoint({
  name: 'profile.get',
  gateway: 'id',
  method: 'GET',
  path: '/v1/profile',
  auth: true,
  response: ProfileSchema,
})

/** Changes some profile fields and answers the whole profile; 422 `emailForbiddenToUse` for a corporate or disposable e-mail. */
export const updateProfile = defineEndpoint({
  name: 'profile.update',
  gateway: 'id',
  method: 'PATCH',
  path: '/v1/profile',
  auth: true,
  body: ProfilePatchSchema,
  response: ProfileSchema,
  bff: true,
})

/** Creates the account of a verified, unregistered phone from its one-time login code. */
export const registerProfile = defineEndpoint({
  name: 'profile.register',
  gateway: 'id',
  method: 'POST',
  path: '/v3/profile/register/{product}-id-code',
  auth: false,
  body: RegistrationSchema,
  response: RegistrationResultSchema,
  productCode: true,
  bff: true,
})

/** The completeness check: 200 for a complete profile, 422 `incomplete_profile_info` otherwise. */
export const getKeeperBunch = defineEndpoint({
  name: 'profile.bunch',
  gateway: 'id',
  method: 'GET',
  path: '/v1/keeperid/bunch',
  auth: true,
  response: KeeperBunchSchema,
})

/** Reads the marketing consents. */
export const getPermissions = defineEndpoint({
  name: 'permissions.get',
  gateway: 'web',
  method: 'GET',
  path: '/cuscom/v2/user/permissions',
  auth: true,
  response: PermissionsSchema,
})

/** Changes the consents sent (the rest keep their value) and answers all eight flags. */
export const updatePermissions = defineEndpoint({
  name: 'permissions.update',
  gateway: 'web',
  method: 'PUT',
  path: '/cuscom/v2/user/permissions',
  auth: true,
  body: PermissionsPatchSchema,
  response: PermissionsSchema,
})

/** Reads the subscription status. */
export const getSubscriptionStatus = defineEndpoint({
  name: 'subscription.status',
  gateway: 'web',
  method: 'GET',
  path: '/v2/subscription/status',
  auth: true,
  response: SubscriptionStatusSchema,
})

/** Queries and mutations of the shopper's account: profile, consents and subscription (all personal). */
import type { ApiClient } from '../api/client.ts'
import { getPermissions, getProfile, getSubscriptionStatus, updatePermissions, updateProfile } from '../gateway/profile.ts'
import type { PermissionsPatch } from '../models/consents.ts'
import type { ProfilePatch } from '../models/profile.ts'
import { defineQuery } from '../routing/query.ts'

/** The profile (`GET /v1/profile`). */
export const profileQuery = defineQuery('profile.get', (api, _args: [], signal) => api.call(getProfile, { signal }), { personal: true })

/** The marketing consents. */
export const permissionsQuery = defineQuery('permissions.get', (api, _args: [], signal) => api.call(getPermissions, { signal }), { personal: true })

/** The subscription status. */
export const subscriptionQuery = defineQuery('subscription.status', (api, _args: [], signal) => api.call(getSubscriptionStatus, { signal }), { personal: true })

/** Changes only the given profile fields; the server re-checks completeness and updates its cookie. */
export const saveProfile = (api: ApiClient, patch: ProfilePatch) => api.call(updateProfile, { body: patch })

/** Changes only the given consent flags (`PUT /cuscom/v2/user/permissions`); answers all flags. */
export const savePermissions = (api: ApiClient, patch: PermissionsPatch) => api.call(updatePermissions, { body: patch })

/** Queries and mutations of the shopper's account: profile, consents and subscription (all personal). */
import type { ApiClient } from '../api/client.ts'
import type { PermissionsPatch } from '../models/consents.ts'
import type { ProfilePatch } from '../models/profile.ts'
import { definePersonalQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const gateway = () => import('../gateway/profile.ts')

/** The profile (`GET /v1/profile`). */
export const profileQuery = definePersonalQuery('profile.get', async (api, _args: [], signal) =>
  api.call((await gateway()).getProfile, { signal }),
)

/** The marketing consents. */
export const permissionsQuery = definePersonalQuery('permissions.get', async (api, _args: [], signal) =>
  api.call((await gateway()).getPermissions, { signal }),
)

/** The subscription status. */
export const subscriptionQuery = definePersonalQuery('subscription.status', async (api, _args: [], signal) =>
  api.call((await gateway()).getSubscriptionStatus, { signal }),
)

/** Changes only the given profile fields; the server re-checks completeness and updates its cookie. */
export const saveProfile = async (api: ApiClient, patch: ProfilePatch) =>
  api.call((await gateway()).updateProfile, { body: patch })

/** Changes only the given consent flags (`PUT /cuscom/v2/user/permissions`); answers all flags. */
export const savePermissions = async (api: ApiClient, patch: PermissionsPatch) =>
  api.call((await gateway()).updatePermissions, { body: patch })

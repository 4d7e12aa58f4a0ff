/** Request statuses of spec section 4 (profile, profileUpdate, register, permissionsUpdate). */

/** The four request statuses. */
export const REQUEST_STATUSES = ['initial', 'pending', 'success', 'error'] as const
/** One request status. */
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

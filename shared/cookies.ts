/** Cookie names of DESIGN.md section 2: a contract for tests and operators. */
export const COOKIE = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userId: 'user_id',
  incompleteProfile: 'incomplete_profile',
  customerCode: 'customer_code',
  sessionId: 'session_id',
  deviceId: 'device_id',
  userAgreement: 'user_agreement',
} as const

/** Local-storage keys of spec section 3. */
export const STORAGE = {
  lastOtpAttempt: 'auth.lastOtpAttempt',
  userUuid: 'analytics.userUuid',
  analyticsDebug: 'analytics.debug',
  searchHistory: 'search.history',
  shopCity: 'shop.city',
  shopCode: 'shop.code',
  shopType: 'shop.type',
  /** The chosen store's street address, shown by the toolbar (the code alone means nothing to a shopper). */
  shopAddress: 'shop.address',
  /** The chosen store's name, for the store fields of analytics events (spec section 3). */
  shopName: 'shop.name',
  storePrompted: 'shop.prompted',
  deliveryType: 'shop.deliveryType',
  deviceId: 'device.id',
  ecom: 'ecom',
  configOverride: 'config.override',
  ageConfirmed: 'age.confirmed',
  reloadGuard: 'app.reloadGuard',
  /** Session storage: scroll positions of this tab's history entries (restored on back and forward). */
  scrollPositions: 'app.scrollPositions',
} as const

/** Events of this page held while the shopper has not accepted cookies (older ones are dropped). */
export const ANALYTICS_HELD_MAX = 50

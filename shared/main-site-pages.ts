/**
 * The chain's support line and the main site's legal and service pages (paths under its configurable
 * address): the footer and the login sheet's consent line link them. A module of its own, so that
 * the constants of the first load do not carry them.
 */

/** The free support line, shown in the footer (display form and the `tel:` number). */
export const SUPPORT_PHONE = { display: '8 800 700-12-34', tel: '+78007001234' } as const

/** Legal and service pages of the main site. */
export const MAIN_SITE_PAGES = {
  delivery: '/delivery',
  returns: '/returns',
  privacy: '/legal/privacy',
  agreement: '/legal/agreement',
} as const

/** Paths of our own session routes (no schema imports: the browser's first load uses them). */

/** Path of our sign-out route. */
export const LOGOUT_PATH = '/api/session/logout'
/** Path of our session view (`GET`: signed in, incomplete profile, e-commerce), read after sign-in. */
export const SESSION_PATH = '/api/session'
/** Path of our browser error-report route. */
export const ERROR_REPORT_PATH = '/api/error-report'

/**
 * The browser's error report (`POST` to `ERROR_REPORT_PATH` of shared/auth/paths.ts, kept schema-free
 * there for the first load): what the server accepts and forwards to `ERROR_REPORT_URL` (spec section 8).
 */
import * as z from 'zod/mini'

/** The body of one report; the server adds the user's id and e-mail from the session (never from the body). */
export const ErrorReportSchema = z.object({
  message: z.string().check(z.maxLength(2000)),
  stack: z.optional(z.string().check(z.maxLength(8000))),
  url: z.optional(z.string().check(z.maxLength(2000))),
  status: z.optional(z.int()),
})

/** pino options: JSON lines with the request id, and redaction of tokens, codes, cards and phone numbers. */
import type { LoggerOptions } from 'pino'

/** Paths pino blanks out wherever they appear in a log object. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.accessToken', '*.refreshToken', '*.token', '*.idCode', '*.code', '*.phone', '*.captchaToken',
  '*.cardNumber', '*.pan', '*.cvc',
  'accessToken', 'refreshToken', 'token', 'idCode', 'phone',
]

/** Masks a phone number for logs: `79*******01`. */
export const maskPhone = (phone: string): string => (phone.length > 4 ? `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}` : '***')

/**
 * Removes query values that must never be logged (codes, tokens, phones) from a URL.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:code|token|phone|refreshToken|accessToken|cardToken)=)[^&#]*/gi, '$1[Redacted]')
}

/** The Fastify/pino logger options for a level. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), id: req.id }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}

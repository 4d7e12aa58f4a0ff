/**
 * The one set of masking rules (DESIGN.md section 3) for everything that writes or shows a request:
 * the store's logs (`server/logger.ts`) and the mock gateway's journal and recordings
 * (`mock-gateway/http/redact.ts`). Fields named like a token, a login code, a phone or card data are
 * blanked wherever they are nested (a `code` that names an error stays readable); phones, card numbers,
 * JWTs, bearer credentials, one-time codes and secret query values are removed from every other text.
 * Two guards keep what a developer correlates by whole: identifiers in text (UUIDs, long hex ids) and
 * the values of fields named as ids (`id`, `attemptId`, `categoryIds`, `x-request-id`).
 */

export const CENSOR = '[Redacted]'

/** An error code of ours, Node's or a library's: a word, never a number (an OTP code is digits). */
export const ERROR_CODE = /^[A-Za-z][\w.:-]{0,63}$/

/** Field names blanked wherever they appear, compared in lower case (the store's REDACT_PATHS and more). */
const SECRET_FIELDS = new Set([
  'accesstoken',
  'refreshtoken',
  'token',
  'idcode',
  'code',
  'phone',
  'captchatoken',
  'cardnumber',
  'pan',
  'cvc',
  'authorization',
  'cookie',
  'set-cookie',
  'captcha-token',
])

/** Whether a field or header holds a secret; the login code's wire name `{product}IDCode` is the store's `idCode`. */
export const isSecretField = (key: string): boolean => {
  const lower = key.toLowerCase()
  return SECRET_FIELDS.has(lower) || lower.endsWith('idcode')
}

/** Whether a field or header is named as an id (`id`, `attemptId`, `goodsIds`, `order_id`, `x-request-id`). */
export const isIdField = (key: string): boolean => /^ids?$|(?:Ids?|[_-]ids?)$/.test(key) && !isSecretField(key)

/** An id value: one token of word characters, dots, colons and dashes (no spaces, so no phone written for people). */
const ID_VALUE = /^[\w.:-]{1,128}$/

/** Masks a phone number: `79*******01`. */
export const maskPhone = (phone: string): string =>
  phone.length > 4 ? `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}` : '***'

/** Query parameter names whose value is a secret whatever it looks like. */
const SECRET_PARAM_NAME = /token|code|phone|card|pan|cvc|cvv|password|secret|otp/i
/** Query parameters whose value is a secret whatever it looks like. */
const SECRET_PARAM = /([?&;](?:[\w-]*(?:token|code|phone|card|pan|cvc|cvv|password|secret|otp)[\w-]*)=)[^&#\s"']*/gi
/** A JSON Web Token. */
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g
/** A bearer credential in a message. */
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi
/**
 * An identifier, kept whole: a UUID (request ids, attempt ids) or a run of 16 or more hex digits with
 * at least one letter (trace ids, device ids, hashes). A phone-like run of digits inside one is not a phone.
 */
const IDENTIFIER =
  '(?<![0-9a-z])(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[0-9a-f]{16,}(?![0-9a-z]))[0-9a-f]*[a-f][0-9a-f]*)(?![0-9a-z])'
/**
 * A run of 10 or more digits, possibly split by spaces, dashes, brackets or their URL encodings
 * (`+7 (900) 000-00-01`, `4111-1111-1111-1111`, `%2B7%20900…`), whole (never the tail of a longer
 * run): a phone (10-12 digits) or a card number, even glued to a word (`tel79000000001`).
 */
const DIGIT_RUN = '(?<!\\d)(?:%2b|\\+)?\\d(?:(?:[\\s\\-()+]|%20|%28|%29){0,3}\\d){9,}(?!\\d)'
/** Identifiers (kept) or digit runs (masked), in one pass so a run is never taken from inside an identifier. */
const IDENTIFIER_OR_DIGITS = new RegExp(`(${IDENTIFIER})|${DIGIT_RUN}`, 'gi')
/**
 * A one-time code in free text: `code 12345`, `код: 12345`, `"code":"12345"`, `otp=12345`. A
 * code word followed by 4 to 8 digits; HTTP statuses (3 digits) stay readable.
 */
const OTP_CODE = /((?:code|код|otp)["']?\s*[:=]?\s*["']?)\d{4,8}(?!\d)/giu

/** Removes phones, card numbers, tokens, codes and secret query values from a text (a URL, a message, a stack). */
export function redactText(text: string): string {
  return text
    .replace(SECRET_PARAM, `$1${CENSOR}`)
    .replace(JWT, CENSOR)
    .replace(BEARER, `$1${CENSOR}`)
    .replace(OTP_CODE, `$1${CENSOR}`)
    .replace(IDENTIFIER_OR_DIGITS, (run, identifier: string | undefined) => {
      if (identifier) return run
      const digits = run.replace(/%2[bB]|%2[0189]/g, '').replace(/\D/g, '')
      if (digits.length < 10) return run
      return digits.length <= 12 ? maskPhone(digits) : CENSOR
    })
}

/** The masked value of a secret field: a `code` naming an error stays, anything else is blanked. */
export const censorField = (key: string, value: unknown): unknown =>
  key.toLowerCase() === 'code' && typeof value === 'string' && ERROR_CODE.test(value) ? value : CENSOR

/** The value of one named field or header, masked: secrets blanked, ids kept whole, other text cleaned. */
export function redactNamed(key: string, value: string): string {
  if (isSecretField(key)) return String(censorField(key, value))
  if (isIdField(key) && ID_VALUE.test(value)) return value
  return redactText(value)
}

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * Masks a value a few levels deep: strings cleaned as text, secret fields blanked (an error `code`
 * kept), id fields kept whole. Arrays and plain objects are copied; other objects (requests, errors)
 * are left to their serializers.
 */
export function redactValue(value: unknown, depth = 12, key?: string): unknown {
  if (typeof value === 'string') return key === undefined ? redactText(value) : redactNamed(key, value)
  if (depth === 0 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth - 1, key))
  if (!isPlain(value)) return value
  const copy: Record<string, unknown> = {}
  for (const [name, item] of Object.entries(value)) {
    copy[name] =
      isSecretField(name) && item !== null && item !== undefined && typeof item !== 'object'
        ? censorField(name, item)
        : redactValue(item, depth - 1, name)
  }
  return copy
}

/** Masks a query object: secret parameters blanked, id parameters kept whole, other values cleaned. */
export function redactQuery(query: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of Object.entries(query)) {
    const clean = (item: string) => (SECRET_PARAM_NAME.test(key) ? CENSOR : redactNamed(key, item))
    out[key] = Array.isArray(value) ? value.map(clean) : clean(value)
  }
  return out
}

/**
 * Secrets out of what the mock shows or saves (the request journal, recorded stub files): the same
 * rules as the storefront's logs (`server/logger.ts`, DESIGN.md section 3). Fields named like a
 * token, a login code, a phone or card data are blanked, wherever they are nested; a `code` that names
 * an error stays readable; phones, card numbers, JWTs, bearer credentials and secret query values are
 * removed from every other text. The mock cannot import the server, so the rules are repeated here and
 * `redact.test.ts` holds both to the same examples.
 */

export const CENSOR = '[Redacted]'

/** Field names blanked wherever they appear (the store's REDACT_PATHS), compared in lower case. */
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

/** The wire name of the login code, `{product}IDCode` (`auroraIDCode`), is the store's `idCode`. */
const isSecretField = (key: string): boolean => {
  const lower = key.toLowerCase()
  return SECRET_FIELDS.has(lower) || lower.endsWith('idcode')
}

/** An error code of ours, Node's or a library's: a word, never a number (an OTP code is digits). */
const ERROR_CODE = /^[A-Za-z][\w.:-]{0,63}$/

/** Masks a phone number: `79*******01`. */
export const maskPhone = (phone: string): string =>
  phone.length > 4 ? `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}` : '***'

const SECRET_PARAM = /([?&;](?:[\w-]*(?:token|code|phone|card|pan|cvc|cvv|password|secret|otp)[\w-]*)=)[^&#\s"']*/gi
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi
const DIGIT_RUN = /(?:%2[bB]|\+)?\d(?:(?:[\s\-()+]|%20|%28|%29){0,3}\d){9,18}/g

/** Removes phones, card numbers, tokens and secret query values from a text. */
export function redactText(text: string): string {
  return text
    .replace(SECRET_PARAM, `$1${CENSOR}`)
    .replace(JWT, CENSOR)
    .replace(BEARER, `$1${CENSOR}`)
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/%2[bB]|%2[0189]/g, '').replace(/\D/g, '')
      if (digits.length < 10) return run
      return digits.length <= 12 ? maskPhone(digits) : CENSOR
    })
}

/** Redacts a JSON value: secret fields blanked (an error `code` kept), every other string cleaned. */
export function redactValue(value: unknown, depth = 12): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object' || depth === 0) return value
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth - 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretField(key) && item !== null && item !== undefined && typeof item !== 'object') {
      copy[key] = key.toLowerCase() === 'code' && typeof item === 'string' && ERROR_CODE.test(item) ? item : CENSOR
    } else {
      copy[key] = redactValue(item, depth - 1)
    }
  }
  return copy
}

/** Redacts a body text: JSON is redacted field by field, any other text as text. */
export function redactBody(text: string): unknown {
  try {
    return redactValue(JSON.parse(text))
  } catch {
    return redactText(text)
  }
}

/** Redacts header values: credentials blanked (a bearer keeps its scheme), the rest cleaned as text. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'authorization') out[name] = /^bearer\s/i.test(value) ? `Bearer ${CENSOR}` : CENSOR
    else out[name] = isSecretField(name) ? CENSOR : redactText(value)
  }
  return out
}

/** Redacts a query object (values of secret parameters blanked, others cleaned). */
export function redactQuery(query: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of Object.entries(query)) {
    const clean = (item: string) =>
      /token|code|phone|card|pan|cvc|cvv|password|secret|otp/i.test(key) ? CENSOR : redactText(item)
    out[key] = Array.isArray(value) ? value.map(clean) : clean(value)
  }
  return out
}

/**
 * pino options: JSON lines with the request id, and redaction of tokens, codes, cards and phone numbers
 * (DESIGN.md section 3): by field name wherever a log object holds them, and by shape wherever they
 * appear in a logged URL, message or error text. Error codes (`network`, `timeout`, …) stay readable.
 */
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import { stdSerializers, type LoggerOptions } from 'pino'

const CENSOR = '[Redacted]'

/** Paths pino blanks out wherever they appear in a log object (`*.code` only when it is no error code). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.idCode',
  '*.code',
  '*.phone',
  '*.captchaToken',
  '*["captcha-token"]',
  '*.cardNumber',
  '*.pan',
  '*.cvc',
  'accessToken',
  'refreshToken',
  'token',
  'idCode',
  'phone',
]

/** An error code of ours, Node's or a library's: a word, never a number (an OTP code is digits). */
const ERROR_CODE = /^[A-Za-z][\w.:-]{0,63}$/

/** Keeps a `code` field that names an error; blanks every other redacted value. */
const censor = (value: unknown, path: string[]): unknown =>
  path[path.length - 1] === 'code' && typeof value === 'string' && ERROR_CODE.test(value) ? value : CENSOR

/** Masks a phone number for logs: `79*******01`. */
export const maskPhone = (phone: string): string =>
  phone.length > 4 ? `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}` : '***'

/** Query parameters whose value is a secret whatever it looks like. */
const SECRET_PARAM = /([?&;](?:[\w-]*(?:token|code|phone|card|pan|cvc|cvv|password|secret|otp)[\w-]*)=)[^&#\s"']*/gi
/** A JSON Web Token. */
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g
/** A bearer credential in a message. */
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi
/**
 * An identifier, kept whole: a UUID (our request ids) or a run of 16 or more hex digits with at least
 * one letter (trace ids, device ids, hashes). A phone-like run of digits inside one is not a phone.
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

/** A logged URL without secrets (kept for callers that name what they redact). */
export const redactUrl = redactText

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** Redacts the strings of plain objects and arrays (a few levels deep); other objects (requests, errors) have serializers. */
function redactFields(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value)
  if (depth === 0) return value
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth - 1))
  if (!isPlain(value)) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = redactFields(item, depth - 1)
  return copy
}

/** pino's error serializer, with secrets removed from the message, the stack and any text field. */
function serializeError(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value)
  if (!(value instanceof Error)) return redactFields(value, 3)
  return redactFields({ ...stdSerializers.err(value) }, 3)
}

/** Who writes the lines: on every line as `service` and `version`, beside pino's `pid` and `hostname`. */
export interface LogIdentity {
  service: string
  version: string
}

/** What the completion line's `res` carries of its request: method, route template (tracing plugin). */
interface LoggedReply {
  statusCode: number
  request?: { method: string; routeTemplate?: string | undefined }
}

/** The Fastify/pino logger options for a level. */
export function loggerOptions(level: string, identity?: LogIdentity): LoggerOptions {
  return {
    level,
    ...(identity
      ? { base: { pid: process.pid, hostname: hostname(), service: identity.service, version: identity.version } }
      : {}),
    redact: { paths: REDACT_PATHS, censor },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        url: redactText(req.url),
        id: req.id,
      }),
      // Fastify's `request completed` line: with method and route template, one line answers a query.
      res: (res: LoggedReply) => ({
        statusCode: res.statusCode,
        ...(res.request
          ? {
              method: res.request.method,
              ...(res.request.routeTemplate ? { route: res.request.routeTemplate } : {}),
            }
          : {}),
      }),
      err: serializeError,
    },
    formatters: {
      log: (object) => redactFields(object, 4) as Record<string, unknown>,
    },
    hooks: {
      // The message text (`Page not found: /nope/7900…`) is redacted like any field.
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++)
          if (typeof args[i] === 'string') (args as unknown[])[i] = redactText(args[i] as string)
        return method.apply(this, args)
      },
    },
  }
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
type Level = (typeof LEVELS)[number]

/** What a request logger needs of its parent: pino's level check and `child`. */
export interface ParentLogger {
  /** pino's; a logger without it (Fastify's no-op logger when logging is off) writes nothing. */
  isLevelEnabled?(level: string): boolean
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger
  level: string
}

/**
 * A request's logger that makes its pino child only when a line is written at an enabled level, or
 * when someone asks for a child of it. Making a child serializes and redacts its bindings (the request
 * id and the trace), which on a page served from the cache cost more than the rest of the request's
 * own code; most requests write no line at the warn level.
 */
export class LazyChildLogger {
  private made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: () => Record<string, unknown>,
    private readonly options: object,
  ) {}

  /** The pino child, made now if it was not yet. */
  get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings(), this.options))
  }

  get level(): string {
    return this.made?.level ?? this.parent.level
  }

  set level(level: string) {
    this.logger.level = level
  }

  isLevelEnabled(level: string): boolean {
    const logger: ParentLogger = this.made ?? this.parent
    return logger.isLevelEnabled?.(level) ?? false
  }

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }

  silent(): void {}

  declare fatal: FastifyBaseLogger['fatal']
  declare error: FastifyBaseLogger['error']
  declare warn: FastifyBaseLogger['warn']
  declare info: FastifyBaseLogger['info']
  declare debug: FastifyBaseLogger['debug']
  declare trace: FastifyBaseLogger['trace']
}

for (const level of LEVELS) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value: function (this: LazyChildLogger, ...args: unknown[]) {
      if (!this.isLevelEnabled(level)) return
      ;(this.logger[level as Level] as (...line: unknown[]) => void)(...args)
    },
  })
}

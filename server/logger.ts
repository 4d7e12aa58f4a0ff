/**
 * pino options: JSON lines with the request id, and redaction of tokens, codes, cards and phone numbers
 * (DESIGN.md section 3): by field name wherever a log object holds them, and by shape wherever they
 * appear in a logged URL, message or error text. Error codes (`network`, `timeout`, …) stay readable.
 */
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import { stdSerializers, type LoggerOptions } from 'pino'
import { censorField, maskPhone, redactText, redactValue } from '#shared/log-redact.ts'

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

/** Keeps a `code` field that names an error; blanks every other redacted value. */
const censor = (value: unknown, path: string[]): unknown => censorField(path[path.length - 1] ?? '', value)

export { maskPhone, redactText }

/** A logged URL without secrets (kept for callers that name what they redact). */
export const redactUrl = redactText

/** Redacts plain objects and arrays (a few levels deep, shared/log-redact.ts); other objects have serializers. */
const redactFields = (value: unknown, depth: number): unknown => redactValue(value, depth)

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

/**
 * The one error type of the storefront, with a registry of stable codes.
 * Every failure of a gateway call, a route or a rule becomes an AppError; nothing throws plain objects.
 */
import { ChunkLoadError } from './chunk-load-error.ts'
import type { GatewayCode } from './gateway-error.ts'

/** Each code's HTTP status, whether a client may retry it, and the Russian text a shopper sees. */
export const ERROR_CODES = {
  bad_request: { status: 400, retryable: false, message: 'Проверьте введённые данные' },
  unauthorized: { status: 401, retryable: false, message: 'Войдите, чтобы продолжить' },
  forbidden: { status: 403, retryable: false, message: 'Действие недоступно' },
  not_found: { status: 404, retryable: false, message: 'Здесь ничего не нашлось' },
  conflict: { status: 409, retryable: true, message: 'Данные изменились, попробуйте ещё раз' },
  payload_too_large: { status: 413, retryable: false, message: 'Слишком большой запрос' },
  unprocessable: { status: 422, retryable: false, message: 'Попробуйте снова позже' },
  rate_limited: { status: 429, retryable: true, message: 'Попробуйте снова позже' },
  internal: { status: 500, retryable: false, message: 'Что-то пошло не так' },
  upstream: { status: 502, retryable: true, message: 'Что-то пошло не так' },
  invalid_response: { status: 502, retryable: false, message: 'Что-то пошло не так' },
  network: { status: 502, retryable: true, message: 'Нет связи с сервером. Проверьте подключение' },
  unavailable: { status: 503, retryable: true, message: 'Сайт временно не работает' },
  timeout: { status: 504, retryable: true, message: 'Сервер долго не отвечает. Попробуйте ещё раз' },
  aborted: { status: 499, retryable: false, message: 'Запрос отменён' },
} as const satisfies Record<string, { status: number; retryable: boolean; message: string }>

export type ErrorCode = keyof typeof ERROR_CODES

/** Generic fallback text of spec section 8. */
export const FALLBACK_MESSAGE = 'Что-то пошло не так'

/**
 * The one spelling of a code is the registry's. Our answers in the gateway's shape keep the gateway's
 * spelling on the wire, because the browser reads them as gateway answers: the proxy's and the login
 * routes' own answers on `/webgate/*` and `/{product}-id/*`, and the JSON 404 of an unknown path
 * (`{ code: 'notFound' }` like the gateway's 404).
 */
export const GATEWAY_SPELLING = {
  not_found: 'notFound',
  bad_request: 'validationError',
  unprocessable: 'unprocessableEntity',
} as const satisfies Partial<Record<ErrorCode, string>>

/** The JSON body of an error answer of ours. */
export interface ErrorBody {
  code: string
  message: string
}

/**
 * The `{ code, message }` of an error answer, its text from the registry: `gatewaySpelling` spells the
 * code as the gateway does (see `GATEWAY_SPELLING`); a 5xx may pass `FALLBACK_MESSAGE` to say nothing more.
 */
export function errorBody(code: ErrorCode, options: { gatewaySpelling?: boolean; message?: string } = {}): ErrorBody {
  const spelled = options.gatewaySpelling ? (GATEWAY_SPELLING as Partial<Record<ErrorCode, string>>)[code] : undefined
  return { code: spelled ?? code, message: options.message ?? ERROR_CODES[code].message }
}

export interface AppErrorOptions {
  /** Overrides the registry status, e.g. the exact upstream 4xx status. */
  status?: number
  /** The gateway's own error code from the answer body (`emailForbiddenToUse`, `incomplete_profile_info`, ...). */
  gatewayCode?: string
  /** Endpoint name of the failed gateway call, for logs and metrics. */
  endpoint?: string
  /** The gateway's error body beyond its code (`goodsIds` of an out-of-stock 409, `attemptsLeft`, field errors). */
  details?: Readonly<Record<string, unknown>>
  cause?: unknown
}

/** A failure with a stable code; `status` is what the page or the proxy answers. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly gatewayCode: string | undefined
  readonly endpoint: string | undefined
  readonly details: Readonly<Record<string, unknown>> | undefined

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? code, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.status = options.status ?? ERROR_CODES[code].status
    this.gatewayCode = options.gatewayCode
    this.endpoint = options.endpoint
    this.details = options.details
  }

  /** Whether the registry allows retrying this failure. */
  get retryable(): boolean {
    return ERROR_CODES[this.code].retryable
  }
}

/** Picks the registry code for an HTTP status answered by a gateway. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request'
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 409:
      return 'conflict'
    case 413:
      return 'payload_too_large'
    case 422:
      return 'unprocessable'
    case 429:
      return 'rate_limited'
    case 503:
      return 'unavailable'
    case 504:
      return 'timeout'
    default:
      return status >= 500 ? 'upstream' : 'bad_request'
  }
}

/** Wraps anything thrown into an AppError (AppErrors pass through unchanged). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof ChunkLoadError) return new AppError(error.code, error.message, { cause: error.cause })
  if (error instanceof Error && error.name === 'AbortError')
    return new AppError('aborted', error.message, { cause: error })
  if (error instanceof Error && error.name === 'TimeoutError')
    return new AppError('timeout', error.message, { cause: error })
  return new AppError('internal', error instanceof Error ? error.message : String(error), { cause: error })
}

/**
 * Russian texts of the gateway codes whose reaction spec section 8 leaves open, spelled as the
 * gateway spells them. A rejected captcha keeps the generic text: the
 * login dialog shows the check again, which tells the shopper what to do.
 */
export const GATEWAY_CODE_MESSAGES = {
  CaptchaError: FALLBACK_MESSAGE,
  cardMergeBlocked: 'Не удалось объединить карту лояльности с профилем. Обратитесь в поддержку',
  incompleteProfile: 'Заполните профиль, чтобы продолжить',
  profileNotFound: 'Профиль не найден. Войдите снова',
} as const satisfies Partial<Record<GatewayCode, string>>

const gatewayCodeMessage = (code: string | undefined): string | undefined =>
  code === undefined ? undefined : (GATEWAY_CODE_MESSAGES as Readonly<Record<string, string | undefined>>)[code]

/** The Russian text a shopper sees for a failure: the gateway code's text, the registry text, or the generic fallback. */
export function userMessage(error: unknown): string {
  if (error instanceof ChunkLoadError) return ERROR_CODES[error.code].message
  if (!(error instanceof AppError)) return FALLBACK_MESSAGE
  return gatewayCodeMessage(error.gatewayCode) ?? ERROR_CODES[error.code].message
}

/**
 * The one gateway client (spec section 7), used by the browser and by the server's loaders.
 * It builds URLs and headers, applies the auth handler and the retry policy, enforces a timeout,
 * and validates every answer with the endpoint's schema. Every failure becomes an AppError.
 */
import { AppError, codeForStatus, toAppError } from './errors.ts'
import { buildPath, buildQuery, fromWire, toWire, type EndpointDef, type Gateway } from './endpoint.ts'
import { buildHeaders, HEADER, type HeaderContext } from './headers.ts'
import type { StandardSchemaV1 } from './standard-schema.ts'
import { isErrorStatus, shouldRetryStatus } from './retry.ts'

/** Attaches the bearer token and refreshes it (the server's session layer implements it). */
export interface AuthHandler {
  /** The current access token, if any. */
  token(): string | undefined
  /** Refreshes the tokens once; resolves false when the refresh failed and the session is gone. */
  refresh(): Promise<boolean>
}

/** What the client reports after each gateway exchange (logs and metrics). */
export interface ApiEvent {
  endpoint: string
  method: string
  status: number | 'error'
  durationMs: number
  attempt: number
  error?: AppError
}

/**
 * What the client reads of an answer: the status and the body. The browser's `fetch` gives a
 * `Response`, which has this shape; the server passes a leaner function over undici's `request`.
 */
export interface GatewayAnswer {
  readonly status: number
  text(): Promise<string>
  json(): Promise<unknown>
  /** Discards an unread body (retries, a 401 before the refresh). */
  readonly body: { cancel(): Promise<void> } | null
}

/** How the client sends one request: `fetch` itself, or anything with its shape for these calls. */
/** The transport of gateway calls; `endpoint` names the call (its span on the server), a browser's fetch ignores it. */
export type GatewayFetch = (url: string, init: RequestInit, endpoint?: string) => Promise<GatewayAnswer>

export interface ApiClientOptions {
  product: string
  /** Base URL of each gateway: `/webgate` in the browser, the configured upstream on the server. */
  baseUrl: (gateway: Gateway) => string
  fetch: GatewayFetch
  headers: () => HeaderContext
  timeoutMs: number
  auth?: AuthHandler
  /** Called after each exchange; request and response errors are only logged (spec section 7). */
  onEvent?: (event: ApiEvent) => void
  /**
   * The schema that checks an endpoint's answers: its own `response` unless given. The server passes
   * compiled copies (same answers, a fraction of the CPU); the browser keeps the plain ones.
   */
  answerSchema?: (def: EndpointDef) => StandardSchemaV1
}

export interface CallOptions<TParams, TQuery, TBody> {
  params?: TParams
  query?: TQuery
  body?: TBody | FormData
  signal?: AbortSignal | undefined
}

export interface ApiClient {
  readonly product: string
  call<P extends Record<string, string | number>, Q, B, R>(
    def: EndpointDef<P, Q, B, R>,
    options?: CallOptions<P, Q, B>,
  ): Promise<R>
}

/** Creates a client; cheap enough to make one per server request. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { product } = options

  async function exchange(def: EndpointDef, url: string, init: RequestInit, attempt: number): Promise<GatewayAnswer> {
    const started = Date.now()
    try {
      const response = await options.fetch(url, init, def.name)
      options.onEvent?.({
        endpoint: def.name,
        method: def.method,
        status: response.status,
        durationMs: Date.now() - started,
        attempt,
      })
      return response
    } catch (cause) {
      const error =
        cause instanceof Error && cause.name === 'TimeoutError'
          ? new AppError('timeout', `${def.name}: gateway timeout`, { endpoint: def.name, cause })
          : cause instanceof Error && cause.name === 'AbortError'
            ? new AppError('aborted', `${def.name}: aborted`, { endpoint: def.name, cause })
            : new AppError('network', `${def.name}: network error`, { endpoint: def.name, cause })
      options.onEvent?.({
        endpoint: def.name,
        method: def.method,
        status: 'error',
        durationMs: Date.now() - started,
        attempt,
        error,
      })
      throw error
    }
  }

  async function call<P extends Record<string, string | number>, Q, B, R>(
    def: EndpointDef<P, Q, B, R>,
    callOptions: CallOptions<P, Q, B> = {},
  ): Promise<R> {
    const anyDef = def as unknown as EndpointDef
    const url =
      options.baseUrl(def.gateway) + buildPath(anyDef, callOptions.params, product) + buildQuery(callOptions.query)
    const isForm = typeof FormData !== 'undefined' && callOptions.body instanceof FormData
    const bodyKind = callOptions.body === undefined ? 'none' : isForm ? 'form' : 'json'
    const payload =
      callOptions.body === undefined || isForm
        ? (callOptions.body as FormData | undefined)
        : JSON.stringify(def.productCode ? toWire(callOptions.body, product) : callOptions.body)

    let retries = 0
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      const headers = buildHeaders(def.gateway, options.headers(), bodyKind)
      const token = def.auth ? options.auth?.token() : undefined
      if (token) headers[HEADER.authorization] = `Bearer ${token}`
      // Each attempt has its own deadline, cleared as soon as its answer is read: no timer or signal
      // outlives the call (a server makes thousands of calls a second).
      const deadline = attemptDeadline(callOptions.signal, options.timeoutMs)
      try {
        let response: GatewayAnswer
        try {
          response = await exchange(
            anyDef,
            url,
            { method: def.method, headers, body: payload ?? null, signal: deadline.signal },
            attempt,
          )
        } catch (error) {
          // A dropped connection on an idempotent GET is retried like a 502.
          if (error instanceof AppError && error.code === 'network' && shouldRetryStatus(def.method, 502, retries)) {
            retries++
            continue
          }
          throw error
        }

        if (response.status === 401 && def.auth && options.auth && !refreshed) {
          // Spec section 4: after a 401 the token is refreshed once and the request retried once.
          await response.body?.cancel()
          refreshed = true
          if (await options.auth.refresh()) continue
          throw new AppError('unauthorized', `${def.name}: session expired`, { endpoint: def.name })
        }
        if (shouldRetryStatus(def.method, response.status, retries)) {
          await response.body?.cancel()
          retries++
          continue
        }
        if (isErrorStatus(response.status)) throw await gatewayError(anyDef, response)
        return (await readAnswer(anyDef, response)) as R
      } finally {
        deadline.clear()
      }
    }
  }

  async function readAnswer(def: EndpointDef, response: GatewayAnswer): Promise<unknown> {
    if (def.responseType === 'text') return response.text()
    let data: unknown = undefined
    if (response.status !== 204) {
      const text = await response.text()
      try {
        data = text === '' ? undefined : JSON.parse(text)
      } catch (cause) {
        throw new AppError('invalid_response', `${def.name}: answer is not JSON`, { endpoint: def.name, cause })
      }
    }
    if (def.productCode) data = fromWire(data, product)
    // Validation goes through the Standard Schema interface the zod schemas implement, so this module
    // does not pull zod into the browser's first load.
    const schema = options.answerSchema ? options.answerSchema(def) : (def.response as unknown as StandardSchemaV1)
    const result = await schema['~standard'].validate(data)
    if (result.issues) {
      throw new AppError('invalid_response', `${def.name}: answer does not match its schema`, {
        endpoint: def.name,
        cause: result.issues,
      })
    }
    return result.value
  }

  return {
    product,
    call: (def, callOptions) =>
      call(def, callOptions).catch((error: unknown) => {
        throw error instanceof AppError
          ? error
          : new AppError(toAppError(error).code, `${def.name}: ${String(error)}`, { endpoint: def.name, cause: error })
      }),
  }
}

/**
 * The signal of one attempt: aborted by the caller's signal, or after `timeoutMs` with a `TimeoutError`
 * (what `AbortSignal.timeout` gives). Unlike `AbortSignal.any` over `AbortSignal.timeout`, `clear()`
 * removes the timer and the listener at once instead of leaving them for the whole timeout.
 */
function attemptDeadline(outer: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController()
  if (outer?.aborted) {
    controller.abort(outer.reason)
    return { signal: controller.signal, clear: () => undefined }
  }
  const onAbort = () => controller.abort(outer?.reason)
  outer?.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  )
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onAbort)
    },
  }
}

/** Builds the AppError for a 4xx/5xx answer, keeping the gateway's own error code. */
async function gatewayError(def: EndpointDef, response: GatewayAnswer): Promise<AppError> {
  let gatewayCode: string | undefined
  let details: Record<string, unknown> | undefined
  let message = `${def.name}: gateway answered ${response.status}`
  try {
    const body: unknown = await response.json()
    // The gateway error shape `{ code, message? }` (GatewayErrorSchema), checked by hand for the same reason.
    if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string') {
      const { code, message: text } = body as { code: string; message?: unknown }
      gatewayCode = code
      details = body as Record<string, unknown>
      if (typeof text === 'string') message = `${message} (${code}: ${text})`
    }
  } catch {
    // The body is not JSON; the status alone decides.
  }
  return new AppError(codeForStatus(response.status), message, {
    status: response.status,
    gatewayCode,
    endpoint: def.name,
    ...(details ? { details } : {}),
  })
}

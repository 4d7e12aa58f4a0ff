/**
 * Error reporting (spec section 8): server faults (any 5xx answer, and thrown errors other than 404
 * and other than a client's mistake) and the browser's reports (`POST /api/error-report`, at most
 * `REPORTS_PER_MINUTE` per client) go to `ERROR_REPORT_URL` when it is set, with the user's id and
 * e-mail attached; unset, they are only logged. Reporting never fails a request.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { safeParse } from 'zod/mini'
import { AppError, errorBody } from '#shared/api/errors.ts'
import { ErrorReportSchema } from '#shared/api/error-report.ts'
import { ERROR_REPORT_PATH } from '#shared/auth/paths.ts'
import { getProfile } from '#shared/gateway/profile.ts'
import { createServerApi, headerContextOf } from '../gateway.ts'
import { redactUrl } from '../logger.ts'
import { createMemoryLimiter } from '../session/otp-limiter.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The error this request failed with, kept for the report sent when the response ends. */
    reportedError: Error | undefined
  }
}

/** One error report as sent to the reporting service. */
export interface ErrorReportPayload {
  source: 'server' | 'browser'
  message: string
  code?: string | undefined
  status?: number | undefined
  stack?: string | undefined
  url?: string | undefined
  route: string
  requestId: string
  buildId: string
  userId?: string | undefined
  email?: string | undefined
  at: string
}

/** Routes whose failures are not reported: the report route itself and the health probes. */
const NOT_REPORTED_ROUTES: ReadonlySet<string> = new Set(['error-report', 'readyz', 'healthz'])

/** Browser reports taken per client IP per minute; more answer 429 (a looping page must not flood the service). */
export const REPORTS_PER_MINUTE = 10

/**
 * A client's mistake, not a fault of ours: Fastify's and its plugins' errors with a 4xx status (empty or
 * malformed JSON, 413, 415, prototype keys, validation). Our own AppErrors keep their rule below.
 */
const isClientMistake = (error: Error): boolean => {
  const status = (error as { statusCode?: unknown }).statusCode
  return !(error instanceof AppError) && typeof status === 'number' && status >= 400 && status < 500
}

/** How long the e-mail lookup and the delivery may take. */
const REPORT_TIMEOUT_MS = 2_000

/** Installs the reporting hooks and the browser's report route. */
export const errorReportPlugin = fp(
  async (app) => {
    const { config } = app
    app.decorateRequest('reportedError', undefined)

    /** The e-mail of the signed-in user, best effort: a lookup that never refreshes or rotates tokens. */
    async function emailOf(request: FastifyRequest): Promise<string | undefined> {
      const token = request.session?.auth.token()
      if (!token || request.session.ended) return undefined
      const api = createServerApi({
        config,
        agent: app.upstream,
        metrics: app.metrics,
        log: request.log,
        timeoutMs: REPORT_TIMEOUT_MS,
        headers: () => headerContextOf(request, config, app.buildId),
        auth: { token: () => token, refresh: async () => false },
      })
      try {
        return (await api.call(getProfile)).email ?? undefined
      } catch {
        return undefined
      }
    }

    async function deliver(
      request: FastifyRequest,
      report: Omit<ErrorReportPayload, 'userId' | 'requestId' | 'buildId' | 'at' | 'route'>,
    ): Promise<void> {
      app.metrics.errorReports.inc({ source: report.source })
      const payload: ErrorReportPayload = {
        ...report,
        route: request.routeName,
        requestId: request.id,
        buildId: app.buildId,
        // Requests refused before our hooks ran (a closing server's 503) have no session.
        userId: request.session?.userId(),
        at: new Date().toISOString(),
      }
      if (!config.errorReportUrl) {
        request.log.warn(
          { report: { ...payload, stack: undefined, email: undefined } },
          'error report (no ERROR_REPORT_URL)',
        )
        return
      }
      payload.email ??= await emailOf(request)
      try {
        const response = await fetch(config.errorReportUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
        })
        await response.body?.cancel()
      } catch (error) {
        request.log.warn({ err: (error as Error).message }, 'error report delivery failed')
      }
    }

    app.addHook('onError', async (request, _reply, error) => {
      request.reportedError = error
    })

    app.addHook('onResponse', async (request, reply) => {
      const error = request.reportedError
      const status = reply.statusCode
      // Spec section 8: errors other than 404; expected 4xx answers (a wrong code) are not errors of ours.
      // Health probes answer 503 on purpose while draining or while a gateway is down; not errors to report.
      if (status === 404 || NOT_REPORTED_ROUTES.has(request.routeName) || request.url === '/readyz') return
      if (status < 500 && (!error || isClientMistake(error))) return
      if (error instanceof AppError && error.status === 404) return
      deliver(request, {
        source: 'server',
        message: error?.message ?? `HTTP ${status}`,
        code: error instanceof AppError ? error.code : (error as { code?: string } | undefined)?.code,
        status,
        stack: error?.stack,
        url: redactUrl(request.url),
      }).catch((failure: Error) => request.log.warn({ err: failure.message }, 'error report failed'))
    })

    /** The browser's report: validated, capped, and sent on with the user's id (and e-mail when known). */
    const limiter = createMemoryLimiter({ limit: REPORTS_PER_MINUTE, windowMs: 60_000, maxKeys: 10_000 })
    app.post(ERROR_REPORT_PATH, { bodyLimit: 16 * 1024 }, async (request, reply) => {
      request.routeName = 'error-report'
      if (!(await limiter.take(request.ip))) {
        return reply
          .code(429)
          .header('retry-after', '60')
          .header('cache-control', 'no-store')
          .send(errorBody('rate_limited'))
      }
      const parsed = safeParse(ErrorReportSchema, request.body)
      if (!parsed.success) return reply.code(400).send(errorBody('bad_request'))
      if (parsed.data.status !== 404) {
        deliver(request, {
          source: 'browser',
          message: parsed.data.message,
          status: parsed.data.status,
          stack: parsed.data.stack,
          url: parsed.data.url ? redactUrl(parsed.data.url) : undefined,
          email: parsed.data.email,
        }).catch((failure: Error) => request.log.warn({ err: failure.message }, 'error report failed'))
      }
      return reply.header('cache-control', 'no-store').code(204).send()
    })
  },
  { name: 'error-report', dependencies: ['context'] },
)

/**
 * Error reporting (spec section 8): server faults (any 5xx answer, and thrown errors other than 404
 * and other than a client's mistake) and the browser's reports (`POST /api/error-report`, at most
 * `REPORTS_PER_MINUTE` per client) go to `ERROR_REPORT_URL` when it is set, with the user's id
 * attached; unset, they are only logged. Reporting never fails a request.
 *
 * An outage must not be amplified: server reports make no gateway call of their own (the user id comes
 * from the session; the reporting side resolves the e-mail from it), and every kind of report is capped
 * at one per (source, route, code) and minute per process. The rest are counted, never sent
 * (`error_reports_total{outcome="suppressed"}`).
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { safeParse } from 'zod/mini'
import { AppError, errorBody } from '#shared/api/errors.ts'
import { ErrorReportSchema } from '#shared/api/error-report.ts'
import { ERROR_REPORT_PATH } from '#shared/auth/paths.ts'
import { matchPath } from '#shared/routing/rules.ts'
import { getProfile } from '#shared/gateway/profile.ts'
import { createServerApi, headerContextOf } from '../gateway.ts'
import { redactUrl } from '../logger.ts'
import { createMemoryLimiter } from '../session/otp-limiter.ts'
import { clientAddressKey } from '../session/client-address.ts'

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

/** Distinct (source, route, code) keys one minute may hold; past it, reports of new keys are suppressed too. */
const MAX_KEYS_PER_MINUTE = 1_000

/** How long a signed-in user's e-mail, looked up for a browser report, is kept (per process). */
export const EMAIL_TTL_MS = 10 * 60_000
/** Users whose e-mail is kept at most (per process; the oldest entry goes first). */
export const MAX_EMAILS = 10_000

/**
 * Admits at most one report per key and calendar minute; the keys of the minute are forgotten when
 * the next one starts, so memory stays bounded by `maxKeys`.
 */
export function createReportCap(options: { maxKeys?: number; now?: () => number } = {}) {
  const maxKeys = options.maxKeys ?? MAX_KEYS_PER_MINUTE
  const now = options.now ?? Date.now
  let minute = -1
  const seen = new Set<string>()
  return {
    admit(key: string): boolean {
      const current = Math.floor(now() / 60_000)
      if (current !== minute) {
        minute = current
        seen.clear()
      }
      if (seen.has(key) || seen.size >= maxKeys) return false
      seen.add(key)
      return true
    },
  }
}

/** The route of a page URL the browser reported (`/product/1-x?…` → `product`), for the cap and the report. */
function routeOfUrl(url: string | undefined): string {
  if (!url) return 'unknown'
  const pathname = url.split(/[?#]/)[0] ?? ''
  if (!pathname.startsWith('/')) return 'unknown'
  return matchPath(pathname).match?.route.name ?? 'unmatched'
}

/** The user id of a request's session: the signed session user, else the token's subject; none once it ended. */
function userIdOf(request: FastifyRequest): string | undefined {
  const session = request.session
  // Requests refused before our hooks ran (a closing server's 503) have no session.
  if (!session || session.ended) return undefined
  return session.userId() ?? session.claims()?.sub
}

/**
 * The metric label of a status a browser reported (decision 026): an HTTP status (100–599) as is,
 * `script` for none (a script error), `other` for anything else, so the label has a fixed set of values.
 */
export const statusLabel = (status: number | undefined): string =>
  status === undefined
    ? 'script'
    : Number.isInteger(status) && status >= 100 && status <= 599
      ? String(status)
      : 'other'

/** Installs the reporting hooks and the browser's report route. */
export const errorReportPlugin = fp(
  async (app) => {
    const { config } = app
    app.decorateRequest('reportedError', undefined)

    const cap = createReportCap()
    const emails = new Map<string, { email: string | undefined; until: number }>()

    /** Counts a report and says whether it may be sent: one per (source, route, code) and minute. */
    function admit(source: ErrorReportPayload['source'], route: string, code: string): boolean {
      const admitted = cap.admit(`${source}\u0000${route}\u0000${code}`)
      app.metrics.errorReports.inc({ source, route, code, outcome: admitted ? 'reported' : 'suppressed' })
      return admitted
    }

    /**
     * The e-mail of the signed-in user for a browser report, from the session only, never the report's
     * body (decision 026): a lookup that never refreshes or rotates tokens, made only for an admitted
     * report and kept per user for a while, so a shopper's reports cost at most one gateway call per
     * `EMAIL_TTL_MS`. Kept by the signed session user (a stranger's forged token names nobody), at most
     * `MAX_EMAILS` entries. Server reports never look it up.
     */
    async function emailOf(request: FastifyRequest): Promise<string | undefined> {
      const token = request.session?.auth.token()
      const userId = request.session?.userId()
      if (!token || !userId || request.session.ended) return undefined
      const known = emails.get(userId)
      if (known && known.until > Date.now()) return known.email
      const api = createServerApi({
        config,
        agent: app.upstream,
        metrics: app.metrics,
        log: request.log,
        timeoutMs: REPORT_TIMEOUT_MS,
        headers: () => headerContextOf(request, config, app.buildId),
        auth: { token: () => token, refresh: async () => false },
      })
      let email: string | undefined
      try {
        email = (await api.call(getProfile)).email ?? undefined
      } catch {
        email = undefined
      }
      if (emails.size >= MAX_EMAILS) emails.delete(emails.keys().next().value!)
      emails.set(userId, { email, until: Date.now() + EMAIL_TTL_MS })
      return email
    }

    async function deliver(
      request: FastifyRequest,
      report: Omit<ErrorReportPayload, 'userId' | 'requestId' | 'buildId' | 'at'>,
    ): Promise<void> {
      const payload: ErrorReportPayload = {
        ...report,
        requestId: request.id,
        buildId: app.buildId,
        userId: userIdOf(request),
        at: new Date().toISOString(),
      }
      if (!config.errorReportUrl) {
        request.log.warn(
          { report: { ...payload, stack: undefined, email: undefined } },
          'error report (no ERROR_REPORT_URL)',
        )
        return
      }
      if (payload.source === 'browser') payload.email ??= await emailOf(request)
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

    // A callback hook: it runs on every answer, and the report leaves without the answer waiting for it.
    app.addHook('onResponse', (request, reply, done) => {
      done()
      const error = request.reportedError
      const status = reply.statusCode
      // Spec section 8: errors other than 404; expected 4xx answers (a wrong code) are not errors of ours.
      // Health probes answer 503 on purpose while draining or while a gateway is down; not errors to report.
      if (status === 404 || NOT_REPORTED_ROUTES.has(request.routeName) || request.url === '/readyz') return
      if (status < 500 && (!error || isClientMistake(error))) return
      if (error instanceof AppError && error.status === 404) return
      const route = request.routeName
      if (!admit('server', route, error instanceof AppError ? error.code : String(status))) return
      deliver(request, {
        source: 'server',
        route,
        message: error?.message ?? `HTTP ${status}`,
        code: error instanceof AppError ? error.code : (error as { code?: string } | undefined)?.code,
        status,
        stack: error?.stack,
        url: redactUrl(request.url),
      }).catch((failure: Error) => request.log.warn({ err: failure.message }, 'error report failed'))
    })

    /** The browser's report: validated, capped per client and per (route, code), sent on with the user's id and e-mail. */
    const limiter = createMemoryLimiter({ limit: REPORTS_PER_MINUTE, windowMs: 60_000, maxKeys: 10_000 })
    app.post(ERROR_REPORT_PATH, { bodyLimit: 16 * 1024 }, async (request, reply) => {
      request.routeName = 'error-report'
      // Per IPv4 address or IPv6 /64, like the OTP limit: one client cannot rotate through its /64.
      if (!(await limiter.take(clientAddressKey(request.ip))).ok) {
        return reply
          .code(429)
          .header('retry-after', '60')
          .header('cache-control', 'no-store')
          .send(errorBody('rate_limited'))
      }
      const parsed = safeParse(ErrorReportSchema, request.body)
      if (!parsed.success) return reply.code(400).send(errorBody('bad_request'))
      const route = routeOfUrl(parsed.data.url)
      if (parsed.data.status !== 404 && admit('browser', route, statusLabel(parsed.data.status))) {
        deliver(request, {
          source: 'browser',
          route,
          message: parsed.data.message,
          status: parsed.data.status,
          stack: parsed.data.stack,
          url: parsed.data.url ? redactUrl(parsed.data.url) : undefined,
        }).catch((failure: Error) => request.log.warn({ err: failure.message }, 'error report failed'))
      }
      return reply.header('cache-control', 'no-store').code(204).send()
    })
  },
  { name: 'error-report', dependencies: ['context'] },
)

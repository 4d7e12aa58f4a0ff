/**
 * The CSP's reporting endpoint (`report-to csp-endpoint` and `report-uri`, announced by
 * `Reporting-Endpoints: csp-endpoint="/api/csp-report"` on every page): takes the legacy
 * `application/csp-report` body and the Reporting API's `application/reports+json` batch, at most
 * `CSP_REPORT_BODY_LIMIT` bytes and `CSP_REPORTS_PER_MINUTE` requests per client address a minute.
 * Each violation is logged as one compact line (directive, blocked origin and path, page path; never
 * a query string) and counted in `csp_reports_total`. Browsers ignore the answer: 204, or 429 past the
 * limit.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { errorBody } from '#shared/api/errors.ts'
import { createMemoryLimiter } from '../session/otp-limiter.ts'

/** Path of the reporting endpoint, named in the CSP and in `Reporting-Endpoints`. */
export const CSP_REPORT_PATH = '/api/csp-report'
/** The endpoint's name in `Reporting-Endpoints` and the CSP's `report-to`. */
export const CSP_REPORT_GROUP = 'csp-endpoint'
/** Bytes of one report request at most (a Reporting API batch holds a few reports). */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024
/** Report requests taken per client address a minute. */
export const CSP_REPORTS_PER_MINUTE = 30
/** Violations read from one Reporting API batch at most. */
const MAX_REPORTS_PER_BATCH = 20

/** Directives a violation may name; anything else is counted as `other`, so the metric's labels stay bounded. */
const DIRECTIVES = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'child-src',
  'worker-src',
  'manifest-src',
  'media-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'require-trusted-types-for',
  'trusted-types',
])

/** One violation, in the shape both report formats share. */
interface Violation {
  directive: string
  disposition: 'enforce' | 'report'
  blocked: string
  page: string
  line?: number | undefined
}

const text = (value: unknown, max = 300): string => (typeof value === 'string' ? value.slice(0, max) : '')

/** A URL without its query and fragment (they may carry tokens); keywords (`inline`, `eval`) as they are. */
function withoutQuery(value: unknown): string {
  const url = text(value, 2000)
  if (!url) return ''
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`.slice(0, 300)
  } catch {
    return url.split(/[?#]/)[0]!.slice(0, 300)
  }
}

/** The path of the page that saw the violation. */
function pagePath(value: unknown): string {
  const url = text(value, 2000)
  try {
    return new URL(url).pathname.slice(0, 300)
  } catch {
    return ''
  }
}

/** The directive a violation names (`script-src-elem 'self'` → `script-src-elem`), `other` when unknown. */
function directiveOf(value: unknown): string {
  const name = text(value, 100).trim().split(/\s+/)[0]?.toLowerCase() ?? ''
  return DIRECTIVES.has(name) ? name : 'other'
}

/** Reads the violations of a legacy report (`{"csp-report": {...}}`) or a Reporting API batch (`[{type, body}]`). */
export function violationsOf(body: unknown): Violation[] | undefined {
  if (Array.isArray(body)) {
    const found: Violation[] = []
    for (const report of body.slice(0, MAX_REPORTS_PER_BATCH)) {
      if (!report || typeof report !== 'object') continue
      const { type, body: inner, url } = report as { type?: unknown; body?: unknown; url?: unknown }
      if (type !== 'csp-violation' || !inner || typeof inner !== 'object') continue
      const b = inner as Record<string, unknown>
      found.push({
        directive: directiveOf(b.effectiveDirective),
        disposition: b.disposition === 'report' ? 'report' : 'enforce',
        blocked: withoutQuery(b.blockedURL),
        page: pagePath(b.documentURL ?? url),
        line: typeof b.lineNumber === 'number' ? b.lineNumber : undefined,
      })
    }
    return found.length ? found : undefined
  }
  if (body && typeof body === 'object' && 'csp-report' in body) {
    const report = (body as Record<string, unknown>)['csp-report']
    if (!report || typeof report !== 'object') return undefined
    const r = report as Record<string, unknown>
    return [
      {
        directive: directiveOf(r['effective-directive'] ?? r['violated-directive']),
        disposition: r.disposition === 'report' ? 'report' : 'enforce',
        blocked: withoutQuery(r['blocked-uri']),
        page: pagePath(r['document-uri']),
        line: typeof r['line-number'] === 'number' ? r['line-number'] : undefined,
      },
    ]
  }
  return undefined
}

/** Parses a report body as JSON; a body that is no JSON is a client mistake (400). */
function parseJson(_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) {
  try {
    done(null, JSON.parse(body))
  } catch {
    done(Object.assign(new Error('the report is no JSON'), { statusCode: 400 }))
  }
}

/** Installs `POST /api/csp-report`. */
export const cspReportPlugin = fp(
  async (app) => {
    const limiter = createMemoryLimiter({ limit: CSP_REPORTS_PER_MINUTE, windowMs: 60_000, maxKeys: 10_000 })
    const count = (directive: string, outcome: string) => app.metrics.cspReports.inc({ directive, outcome })
    // The report content types are parsed only inside this scope: no other route accepts them.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        ['application/csp-report', 'application/reports+json'],
        { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
        parseJson,
      )
      scope.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_BODY_LIMIT }, async (request, reply) => {
        request.routeName = 'csp-report'
        reply.header('cache-control', 'no-store')
        if (!(await limiter.take(request.ip)).ok) {
          count('unknown', 'rate_limited')
          return reply.code(429).header('retry-after', '60').send(errorBody('rate_limited'))
        }
        const violations = violationsOf(request.body)
        if (!violations) {
          count('unknown', 'invalid')
          return reply.code(400).send(errorBody('bad_request'))
        }
        for (const violation of violations) {
          count(violation.directive, violation.disposition === 'report' ? 'reported' : 'blocked')
          request.log.info({ csp: violation }, 'csp violation')
        }
        return reply.code(204).send()
      })
    })
  },
  { name: 'csp-report', dependencies: ['context'] },
)

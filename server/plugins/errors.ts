/**
 * Our own error handler: 4xx answers keep their status with a safe message; a 5xx never shows an
 * upstream or internal message. Logged once, with the request id.
 */
import fp from 'fastify-plugin'
import { AppError, FALLBACK_MESSAGE, codeForStatus, errorBody } from '#shared/api/errors.ts'

/** Installs the error handler. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error, request, reply) => {
      const status =
        error instanceof AppError
          ? error.status
          : typeof (error as { statusCode?: number }).statusCode === 'number'
            ? (error as { statusCode: number }).statusCode
            : 500
      const code = error instanceof AppError ? error.code : codeForStatus(status)
      if (status >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ status, code: (error as { code?: string }).code }, 'request rejected')
      if (reply.sent) return
      const body = errorBody(code, status >= 500 ? { message: FALLBACK_MESSAGE } : {})
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({ ...body, requestId: request.id })
    })
  },
  { name: 'errors' },
)

/**
 * Session routes answered by the server itself (DESIGN.md "Sessions"): the tokens stay in HttpOnly
 * cookies and never reach page JavaScript.
 */
import fp from 'fastify-plugin'
import { clearSessionCookies } from '../session/cookies.ts'

/** Sign-out and the login calls that carry tokens. */
export const authRoutesPlugin = fp(async (app) => {
  /** Sign-out: clears the session cookies (the refresh token is simply forgotten). */
  app.post('/api/session/logout', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    request.routeName = 'session.logout'
    request.session.end()
    clearSessionCookies(request, reply)
    return reply.header('cache-control', 'no-store').code(204).send()
  })
}, { name: 'auth-routes', dependencies: ['context'] })

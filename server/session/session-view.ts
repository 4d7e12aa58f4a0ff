/**
 * `GET /api/session`: the visitor's own session view, read by the browser after sign-in. It carries
 * the server's e-commerce decision for this session, so the e-commerce id list stays on the server
 * (DESIGN.md section 2).
 */
import fp from 'fastify-plugin'
import { SESSION_PATH } from '#shared/auth/paths.ts'

/** The session view route. */
export const sessionViewPlugin = fp(
  async (app) => {
    app.get(SESSION_PATH, async (request, reply) => {
      request.routeName = 'session'
      const state = request.session.state()
      return reply.header('cache-control', 'private, no-store').send({
        authorized: state.authorized,
        userId: state.authorized ? request.session.userId() : undefined,
        incompleteProfile: state.incompleteProfile,
        ecomEnabled: state.authorized && state.ecomEnabled,
      })
    })
  },
  { name: 'session-view', dependencies: ['session'] },
)

/** The one upstream connection pool to the gateways (timeouts of DESIGN.md section 4), closed with the app. */
import fp from 'fastify-plugin'
import type { Agent } from 'undici'
import { createUpstreamAgent } from '../gateway.ts'

declare module 'fastify' {
  interface FastifyInstance {
    upstream: Agent
  }
}

/** Decorates the app with the upstream agent. */
export const upstreamPlugin = fp(
  async (app) => {
    const agent = createUpstreamAgent(app.config)
    app.decorate('upstream', agent)
    app.addHook('onClose', async () => {
      await agent.close()
    })
  },
  { name: 'upstream', dependencies: ['context'] },
)

#!/usr/bin/env node
/**
 * The bench's in-run baseline (DESIGN.md section 5): a minimal Fastify route per page that makes the
 * same gateway calls as the storefront's page and answers the same HTML bytes.
 * Reads its routes from the JSON file named by BASELINE_ROUTES: { "/path": { "urls": [...], "html": "..." } }.
 */
import Fastify from 'fastify'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'undici'

const routes = JSON.parse(readFileSync(process.env.BASELINE_ROUTES, 'utf8'))
// The same limits a store's gateway call has: no call waits for ever.
const agent = new Agent({ connections: 128, connectTimeout: 5_000, headersTimeout: 5_000, bodyTimeout: 5_000 })
const app = Fastify({ logger: false })
for (const [path, { urls, html }] of Object.entries(routes)) {
  const bytes = Buffer.from(html)
  app.get(path.split('?')[0], async (_request, reply) => {
    await Promise.all(
      urls.map(async (url) => {
        const response = await request(url, { dispatcher: agent })
        await response.body.json()
      }),
    )
    return reply.type('text/html; charset=utf-8').send(bytes)
  })
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.once('SIGTERM', () => app.close().then(() => process.exit(0)))

/**
 * Entry point: loads the config (a bad value stops start-up with one line naming the variable),
 * listens, serves /metrics on its own port, and drains on SIGTERM.
 */
import { createServer } from 'node:http'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { createMetrics } from './metrics.ts'

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  // The bundle lives in dist/server/; the client build beside it in dist/client/.
  const distDir = config.distDir ? resolve(config.distDir) : resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const metrics = createMetrics()
  const app = await buildApp(config, { distDir, metrics })

  const metricsServer = createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    metrics.registry.metrics().then((text) => {
      response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text)
    }, () => response.writeHead(500).end())
  })

  await app.listen({ port: config.port, host: config.host })
  await new Promise<void>((done) => metricsServer.listen(config.metricsPort, config.metricsHost, done))
  app.log.info({ metrics: `${config.metricsHost}:${config.metricsPort}`, webGateway: config.webGatewayUrl, idGateway: config.idGatewayUrl }, 'storefront ready')

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'draining')
    app.markDraining()
    // In-flight requests finish; idle keep-alive sockets close at once. Past the grace period the
    // remaining connections are cut so the process always exits in time.
    const hardStop = setTimeout(() => {
      app.log.warn('grace period over: closing remaining connections')
      app.server.closeAllConnections()
      process.exit(0)
    }, config.timeouts.shutdownGraceMs)
    hardStop.unref()
    Promise.all([app.close(), new Promise((done) => metricsServer.close(done))]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

void main()

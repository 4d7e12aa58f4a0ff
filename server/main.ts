/**
 * Entry point: loads the config (a bad value stops start-up with one line naming the variable),
 * listens, serves /metrics on its own port, and drains on SIGTERM.
 */
import { createServer } from 'node:http'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitForQuietListener } from './quiet-listener.ts'
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
    // The gateway_up gauge is refreshed by the scrape itself (the probe result is reused for a second).
    app
      .gatewayStatus()
      .then(() => metrics.registry.metrics())
      .then(
        (text) => {
          response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text)
        },
        () => response.writeHead(500).end(),
      )
  })

  await app.listen({ port: config.port, host: config.host })
  await new Promise<void>((done) => metricsServer.listen(config.metricsPort, config.metricsHost, done))
  app.log.info(
    {
      metrics: `${config.metricsHost}:${config.metricsPort}`,
      webGateway: config.webGatewayUrl,
      idGateway: config.idGatewayUrl,
    },
    'storefront ready',
  )

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    const { shutdownGraceMs, shutdownTimeoutMs } = config.timeouts
    app.log.info({ signal, graceMs: shutdownGraceMs }, 'draining')
    // DESIGN.md section 6: readiness turns 503 at once, but the listener keeps accepting for the grace
    // period (load balancers need a few probes to notice); meanwhile every answer carries
    // `Connection: close`, so kept-alive clients leave after their answer and are never reset.
    app.markDraining()
    // Past the deadline whatever is still open is cut, so the process always exits in time.
    const hardStop = setTimeout(() => {
      app.log.warn('shutdown deadline reached: closing remaining connections')
      app.server.closeAllConnections()
      process.exit(0)
    }, shutdownTimeoutMs)
    hardStop.unref()
    const closeWhenQuiet = async () => {
      // Connections the kernel queued but the loop has not accepted yet would be reset by the close:
      // wait for a quiet spell first (bounded, so the exit deadline still holds).
      const how = await waitForQuietListener(app.server, 250, Math.max(0, shutdownTimeoutMs - shutdownGraceMs - 2_000))
      app.log.info({ how }, 'listener quiet: closing')
      // Stop listening; in-flight requests finish, idle keep-alive sockets close.
      Promise.all([app.close(), new Promise((done) => metricsServer.close(done))]).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
    }
    setTimeout(() => void closeWhenQuiet(), shutdownGraceMs)
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

void main()

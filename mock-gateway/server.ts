/**
 * The standalone HTTP server: a thin node:http layer around the msw handlers. It does what a handler
 * cannot: real connection resets and hangs for fault switches, the loopback-only rule of `/__mock/*`,
 * request logs, and a clean close.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pino, type Logger } from 'pino'
import { createMockGateway, type MockGateway, type MockGatewayOptions } from './gateway.ts'
import { sleep } from './handlers/faults.ts'
import { isLoopback, requestPlane } from './http/control-path.ts'
import type { JournalNote } from './journal.ts'

/** Options of startMockGateway: the gateway's, plus where to listen. */
export interface StartOptions extends MockGatewayOptions {
  /** Port to listen on; 0 picks a free one (default: the config's, 4010). */
  port?: number
  /** Host to listen on (default: the config's, 127.0.0.1). */
  host?: string
  /** Request logger (default: pino at the config's level on stdout). */
  logger?: Logger
}

/** A running mock gateway. */
export interface RunningMockGateway {
  /** Its origin, such as `http://127.0.0.1:4010`. */
  readonly url: string
  readonly gateway: MockGateway
  /** Stops listening, drops open connections and hanging requests. */
  close(): Promise<void>
}

export { isLoopback }

/** Logged form of a path: no query, no payment-form session ids. */
const logPath = (path: string): string => path.replace(/^\/payform\/[^/]+/, '/payform/:sessionId')

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length ? Buffer.concat(chunks) : undefined
}

function toRequest(req: IncomingMessage, origin: string, body: Buffer | undefined, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    body: body ? new Uint8Array(body) : null,
    signal,
  })
}

/** Starts a seeded mock gateway listening on HTTP. */
export async function startMockGateway(options: StartOptions = {}): Promise<RunningMockGateway> {
  const gateway = await createMockGateway(options)
  const { config } = gateway.state
  const host = options.host ?? config.host
  const logger = options.logger ?? pino({ level: config.logLevel, base: { service: 'mock-gateway' } })
  const hanging = new Set<ServerResponse>()
  let origin = `http://${host.includes(':') ? `[${host}]` : host}:${options.port ?? config.port}`
  let listeningPort = options.port ?? config.port
  const publicHost = config.publicUrl === undefined ? undefined : new URL(config.publicUrl).host

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const path = new URL(req.url ?? '/', 'http://mock').pathname
    const log = (status: number | string) =>
      logger.info(
        { method: req.method, path: logPath(path), status, durationMs: Math.round(performance.now() - started) },
        'request',
      )
    const controller = new AbortController()
    res.on('close', () => {
      hanging.delete(res)
      if (!res.writableFinished) controller.abort(new Error('client closed the connection'))
    })

    // The one control-plane rule (http/control-path.ts): `/__mock` at the root, any case, loopback only.
    const plane = requestPlane(path, req.socket.remoteAddress, {
      header: req.headers.host,
      port: listeningPort,
      publicHost,
    })
    if (plane === 'forbidden') {
      res.writeHead(403, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          code: 'forbidden',
          message: `/__mock/* answers loopback clients only, addressed as 127.0.0.1, localhost or [::1] at port ${listeningPort}`,
        }),
      )
      return log(403)
    }
    const { journal } = gateway.state
    let body: Buffer | undefined = undefined
    // One ring-buffer write per data call; headers and body are picked and masked when the journal is read.
    const journaled = (status: number | string, note?: JournalNote) => {
      if (plane === 'data' && journal.size > 0)
        journal.record({
          at: Date.now(),
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          body,
          status,
          note,
        })
      log(status)
    }
    const fault = plane === 'data' ? gateway.state.faults.match(path) : undefined
    if (fault?.mode === 'reset' || fault?.mode === 'hang') {
      if (fault.delayMs) await sleep(fault.delayMs, controller.signal).catch(() => undefined)
      if (fault.mode === 'reset') req.socket.destroy()
      else hanging.add(res)
      return journaled(fault.mode)
    }

    // A kept catalogue answer is written as is: no Request, no handler, no serialisation.
    const kept = fault ? undefined : gateway.cached(req.method ?? 'GET', req.url ?? '/', req.headers.authorization)
    if (kept) {
      res.writeHead(kept.status, kept.headers).end(kept.body)
      return journaled(kept.status)
    }

    body = await readBody(req)
    const request = toRequest(req, origin, body, controller.signal)
    const response = await gateway.handle(request, { body, journaled: true }).catch((error: unknown) => {
      if (controller.signal.aborted) return undefined
      logger.error({ err: error, method: req.method, path: logPath(path) }, 'handler failed')
      return Response.json({ code: 'mockInternalError', message: 'The mock gateway failed' }, { status: 500 })
    })
    if (!response || controller.signal.aborted) return journaled('aborted')
    if (response.type === 'error') {
      req.socket.destroy()
      return journaled('reset')
    }
    const headers: Record<string, string | string[]> = {}
    response.headers.forEach((value, name) => {
      headers[name] = value
    })
    const setCookies = response.headers.getSetCookie()
    if (setCookies.length) headers['set-cookie'] = setCookies
    const payload = Buffer.from(await response.arrayBuffer())
    res.writeHead(response.status, headers).end(req.method === 'HEAD' ? undefined : payload)
    journaled(response.status, gateway.noteOf(response))
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'request failed')
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    })
  })
  server.keepAliveTimeout = 5_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? config.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  listeningPort = port
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  // A wildcard listener is reached by browsers through the loopback address.
  if (!config.publicUrl)
    gateway.state.publicUrl = host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : origin
  logger.info(
    { url: origin, product: config.product, antifraud: config.antifraud, faults: gateway.state.faults.list().length },
    'mock gateway listening',
  )

  return {
    url: origin,
    gateway,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy()
        hanging.clear()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

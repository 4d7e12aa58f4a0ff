/**
 * Test helpers for the integration suites: raw HTTP requests (no URL normalisation, any header),
 * a recording upstream that stands in for a gateway, free ports, and the mock's fault switches.
 */
import { request as httpRequest, createServer, type Agent, type IncomingHttpHeaders, type Server } from 'node:http'
import { createServer as createNetServer, connect } from 'node:net'
import type { AddressInfo } from 'node:net'

/** A desktop browser's user agent (Node's fetch says `node`, which counts as a bot). */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
/** Googlebot's user agent. */
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** Sends a request exactly as written (the target is not normalised) and reads the whole answer. */
export function rawRequest(
  origin: string,
  target: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: string | Buffer; agent?: Agent } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: options.method ?? 'GET',
        path: target,
        headers: { 'user-agent': BROWSER_UA, ...options.headers },
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** What one request on a kept-alive agent came to: the status and the Connection header, or the error code. */
export type KeepAliveOutcome = { status: number; connection: string | undefined } | { error: string }

/** One GET on a keep-alive agent; resolves with the status and the Connection header, or the error code. */
export function keepAliveGet(origin: string, path: string, agent: Agent): Promise<KeepAliveOutcome> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve) => {
    const req = httpRequest({ host: hostname, port, path, agent, headers: { 'user-agent': BROWSER_UA } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    req.end()
  })
}

/** Writes raw bytes to a port and returns the first status line's code (for requests `http.request` refuses to send). */
export function rawSocketStatus(origin: string, bytes: string): Promise<number> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      if (match) {
        resolve(Number(match[1]))
        socket.destroy()
      }
    })
    socket.on('error', reject)
    socket.on('close', () =>
      reject(new Error(`connection closed without a status line: ${JSON.stringify(text.slice(0, 200))}`)),
    )
  })
}

/** A free loopback port (bound and released at once). */
export async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

/** A stand-in gateway on a free port that records every request and answers with `answer`. */
export async function startRecordingUpstream(
  answer: (request: RecordedRequest) => {
    status?: number
    headers?: Record<string, string | string[]>
    body?: string
  } = () => ({}),
): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    const recorded = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }
    requests.push(recorded)
    req.resume()
    req.on('end', () => {
      const { status = 200, headers = {}, body = '{}' } = answer(recorded)
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Switches a fault on in a running mock gateway. */
export async function addFault(
  mockUrl: string,
  fault: { path: string; status?: number; delayMs?: number; mode?: string },
): Promise<void> {
  const response = await fetch(`${mockUrl}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })
  if (!response.ok) throw new Error(`the mock refused the fault: ${response.status} ${await response.text()}`)
}

/** Polls `check` until it returns true (a wait, never a timing assertion); throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

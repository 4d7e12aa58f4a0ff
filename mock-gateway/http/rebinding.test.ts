// The control plane against DNS rebinding and file reads (security probe D3): a page of another name
// that now resolves to 127.0.0.1 sends its own Host and Origin, and gets 403; a stub or a state file
// cannot serve a file from outside the stubs folder.
import { request as httpRequest } from 'node:http'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { startMockGateway, type RunningMockGateway } from '../server.ts'

let running: RunningMockGateway | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** A raw request with a chosen Host header (fetch may not set it). */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const target = new URL(path, url)
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      target,
      { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.setTimeout(5_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

describe('the control plane refuses DNS rebinding', () => {
  it('answers 403 to a control call addressed to another name, even from loopback', async () => {
    running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
    const { port } = new URL(running.url)
    const rebound = { host: `rebind.test:${port}`, origin: `http://rebind.test:${port}` }
    const fault = { path: '/webgate/zz', status: 418 }
    expect((await send(running.url, 'POST', '/__mock/faults', rebound, fault)).status).toBe(403)
    expect((await send(running.url, 'GET', '/__mock/state', { host: `rebind.test:${port}` })).status).toBe(403)
    expect((await send(running.url, 'GET', '/__mock/requests', { host: `evil.example` })).status).toBe(403)
    expect(running.gateway.state.faults.list()).toEqual([])
    // The loopback names still work, with their own origin.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await send(running.url, 'POST', '/__mock/faults', { host, origin: `http://${host}` }, fault)
      expect(answer.status).toBe(201)
    }
    // A loopback name at another port is another origin.
    expect((await send(running.url, 'GET', '/__mock/state', { host: '127.0.0.1:1' })).status).toBe(403)
  })

  it('takes the name of MOCK_PUBLIC_URL as its own', async () => {
    running = await startMockGateway({
      port: 0,
      logger: pino({ level: 'silent' }),
      config: { publicUrl: 'http://mock.local:4999' },
    })
    const own = { host: 'mock.local:4999', origin: 'http://mock.local:4999' }
    expect((await send(running.url, 'GET', '/__mock/faults', own)).status).toBe(200)
    expect((await send(running.url, 'GET', '/__mock/faults', { host: 'other.local:4999' })).status).toBe(403)
  })

  it('never serves a file from outside the stubs folder', async () => {
    running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
    const host = { host: new URL(running.url).host }
    const stub = {
      match: { method: 'GET', path: '/webgate/zz-exfil' },
      respond: { status: 200, bodyFile: '/etc/passwd' },
    }
    expect((await send(running.url, 'POST', '/__mock/stubs', host, stub)).status).toBe(400)
    const relative = { ...stub, respond: { status: 200, bodyFile: '../../../../../../etc/passwd' } }
    expect((await send(running.url, 'POST', '/__mock/stubs', host, relative)).status).toBe(400)
    const answer = await send(running.url, 'GET', '/webgate/zz-exfil', host)
    expect(answer.text).not.toContain('root:')
  })
})

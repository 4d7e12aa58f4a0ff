import { networkInterfaces } from 'node:os'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockGateway } from '../gateway.ts'
import { startMockGateway, type RunningMockGateway } from '../server.ts'
import { call } from '../testing.ts'
import { isControlPath, isLoopback, requestPlane } from './control-path.ts'

describe('isControlPath', () => {
  it.each([
    ['/__mock', true],
    ['/__mock/', true],
    ['/__mock/faults', true],
    ['/__MOCK/faults', true],
    ['/__Mock/sessions/revoke', true],
    ['/%5F%5Fmock/faults', true],
    ['/%5f_MoCk/faults', true],
    ['/__mockery', false],
    ['/webgate/__mock/faults', false],
    ['/aurora-id/__Mock/sessions/revoke', false],
    ['/webgate/v2/goods/10001', false],
    ['/x/__mock', false],
  ])('%s: %s', (path, expected) => {
    expect(isControlPath(path)).toBe(expected)
  })

  it('sends control paths of other machines to 403 and data paths to the handlers', () => {
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true)
    expect(requestPlane('/__MOCK/faults', '10.0.0.5')).toBe('forbidden')
    expect(requestPlane('/__MOCK/faults', '127.0.0.1')).toBe('control')
    expect(requestPlane('/webgate/__mock/faults', '10.0.0.5')).toBe('data')
  })
})

describe('control handlers are out of reach of the data path', () => {
  it('in-process: a control call under a gateway prefix changes nothing and answers 404', async () => {
    const gateway = await createMockGateway()
    for (const path of ['/webgate/__mock/faults', '/aurora-id/__mock/faults', '/webgate/__MOCK/faults']) {
      const answer = await call(gateway, 'POST', path, { body: { path: '/webgate/*', status: 503 } })
      expect(answer.status).toBe(404)
    }
    expect(gateway.state.faults.list()).toEqual([])
    expect((await call(gateway, 'POST', '/aurora-id/__Mock/sessions/revoke', { body: {} })).status).toBe(404)
    // The real spelling, in any case, is the control plane.
    expect((await call(gateway, 'POST', '/__MOCK/faults', { body: { path: '/webgate/x', status: 503 } })).status).toBe(
      201,
    )
    expect(gateway.state.faults.list()).toHaveLength(1)
  })

  describe('over HTTP', () => {
    let running: RunningMockGateway | undefined
    afterEach(async () => {
      await running?.close()
      running = undefined
    })
    const external = Object.values(networkInterfaces())
      .flat()
      .find((info) => info && info.family === 'IPv4' && !info.internal)?.address

    it('answers prefixed spellings as gateway calls, never as control calls', async () => {
      running = await startMockGateway({ port: 0, logger: pino({ level: 'silent' }) })
      const post = (path: string, body: unknown) =>
        fetch(`${running?.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      expect((await post('/webgate/__mock/faults', { path: '/webgate/*', status: 503 })).status).toBe(404)
      expect((await post('/aurora-id/__Mock/sessions/revoke', {})).status).toBe(404)
      expect((await post('/webgate/__mock/scenarios/goodsDown', {})).status).toBe(404)
      expect(running.gateway.state.faults.list()).toEqual([])
      expect((await fetch(`${running.url}/webgate/v2/goods/10001`)).status).toBe(200)
      expect((await fetch(`${running.url}/__MOCK/faults`)).status).toBe(200)
    })

    it.skipIf(!external)('refuses every spelling of a control path to other machines', async () => {
      running = await startMockGateway({ port: 0, host: '0.0.0.0', logger: pino({ level: 'silent' }) })
      const base = `http://${external}:${new URL(running.url).port}`
      for (const path of ['/__mock/faults', '/__MOCK/faults', '/__Mock/health', '/%5F_mock/faults'])
        expect((await fetch(`${base}${path}`)).status).toBe(403)
      expect((await fetch(`${base}/webgate/__mock/faults`)).status).toBe(404)
    })
  })
})

import { describe, expect, it } from 'vitest'
import { buildHeaders, deviceTagFor, DEVICE_ID_OMIT_EMPTY, HEADER, PLATFORM, type HeaderContext } from './headers.ts'

const context: HeaderContext = {
  requestId: 'req-1',
  sessionId: 'sess-1',
  traceId: 'trace-1',
  deviceId: 'ABCDEF0123456789',
  appVersion: 'build-42',
  platformVersion: '1.4.0',
  clientName: 'aurora-web',
  deviceTag: 'mobile',
}

describe('buildHeaders', () => {
  it('sends the request, session and trace ids', () => {
    const headers = buildHeaders('web', context, 'none')
    expect(headers[HEADER.requestId]).toBe('req-1')
    expect(headers[HEADER.sessionId]).toBe('sess-1')
    expect(headers[HEADER.traceId]).toBe('trace-1')
  })

  it('passes tracestate on with traceparent only (W3C Trace Context)', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
    const headers = buildHeaders('id', { ...context, traceparent, tracestate: 'rojo=1,congo=2' }, 'none')
    expect(headers[HEADER.traceparent]).toBe(traceparent)
    expect(headers[HEADER.tracestate]).toBe('rojo=1,congo=2')
    expect(buildHeaders('id', { ...context, tracestate: 'rojo=1' }, 'none')).not.toHaveProperty(HEADER.tracestate)
  })

  it('uses the request id as the trace id when there is none', () => {
    expect(buildHeaders('web', { ...context, traceId: undefined }, 'none')[HEADER.traceId]).toBe('req-1')
  })

  it('leaves the session id out when there is none', () => {
    expect(buildHeaders('web', { ...context, sessionId: undefined }, 'none')).not.toHaveProperty(HEADER.sessionId)
    expect(buildHeaders('web', { ...context, sessionId: '' }, 'none')).not.toHaveProperty(HEADER.sessionId)
  })

  it('sends the device id when known', () => {
    expect(buildHeaders('web', context, 'none')[HEADER.deviceId]).toBe('ABCDEF0123456789')
  })

  it.each([undefined, '', 'null', 'undefined', 'abcdef0123456789', 'ABC', '79000000001; x', 'Z'.repeat(16)])(
    'sends the omit-empty marker while the browser has not computed a device id (%j)',
    (deviceId) => {
      expect(buildHeaders('web', { ...context, deviceId }, 'none')[HEADER.deviceId]).toBe(DEVICE_ID_OMIT_EMPTY)
      expect(DEVICE_ID_OMIT_EMPTY).toBe('omit-empty')
    },
  )

  it('sends the platform version, not the build id, as x-platform-version', () => {
    const headers = buildHeaders('web', context, 'none')
    expect(headers[HEADER.platformVersion]).toBe('1.4.0')
    expect(headers[HEADER.appVersion]).toBe('build-42')
  })

  it('sends the client version and the platform Web', () => {
    const headers = buildHeaders('id', context, 'none')
    expect(headers[HEADER.appVersion]).toBe('build-42')
    expect(headers[HEADER.platform]).toBe('Web')
    expect(PLATFORM).toBe('Web')
    expect(headers[HEADER.deviceTag]).toBe('mobile')
  })

  it('sends the client name to the web gateway', () => {
    expect(buildHeaders('web', context, 'none')[HEADER.clientName]).toBe('aurora-web')
  })

  it('never sends the client name to the id gateway', () => {
    expect(buildHeaders('id', context, 'json')).not.toHaveProperty(HEADER.clientName)
  })

  it('sends the JSON content type with a JSON body', () => {
    expect(buildHeaders('web', context, 'json')[HEADER.contentType]).toBe('application/json')
  })

  it.each(['form', 'none'] as const)('leaves the content type out for a %s body', (body) => {
    expect(buildHeaders('web', context, body)).not.toHaveProperty(HEADER.contentType)
  })

  it('never adds an Authorization header itself', () => {
    expect(buildHeaders('id', context, 'json')).not.toHaveProperty(HEADER.authorization)
  })
})

describe('deviceTagFor', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'mobile'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', 'desktop'],
    [undefined, 'desktop'],
  ])('tags %j as %s', (userAgent, tag) => {
    expect(deviceTagFor(userAgent)).toBe(tag)
  })
})

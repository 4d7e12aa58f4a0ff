import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

describe('browser error reports', () => {
  const calls: Array<{ url: string; body: unknown }> = []
  beforeEach(() => {
    calls.length = 0
    vi.resetModules()
    vi.stubGlobal('location', { pathname: '/catalog', search: '?page=2' })
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) })
      return Promise.resolve(new Response(null, { status: 204 }))
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('posts the message, stack and page to the report route', async () => {
    const { reportError } = await import('./error-reporting.ts')
    reportError({ message: 'boom', stack: 'at x', status: 503 })
    expect(calls).toEqual([
      { url: '/api/error-report', body: { message: 'boom', stack: 'at x', url: '/catalog?page=2', status: 503 } },
    ])
  })

  it('never reports a 404', async () => {
    const { reportError } = await import('./error-reporting.ts')
    reportError({ message: 'HTTP 404', status: 404 })
    expect(calls).toEqual([])
  })

  it('reports the same error on the same page once', async () => {
    const { reportError } = await import('./error-reporting.ts')
    for (let i = 0; i < 3; i++) reportError({ message: 'HTTP 503', status: 503 })
    reportError({ message: 'HTTP 502', status: 502 })
    vi.stubGlobal('location', { pathname: '/product/1-x', search: '' })
    reportError({ message: 'HTTP 503', status: 503 })
    expect(calls.map((c) => c.body)).toEqual([
      { message: 'HTTP 503', url: '/catalog?page=2', status: 503 },
      { message: 'HTTP 502', url: '/catalog?page=2', status: 502 },
      { message: 'HTTP 503', url: '/product/1-x', status: 503 },
    ])
  })

  it('stops after the per-page limit', async () => {
    const { reportError, MAX_REPORTS_PER_PAGE } = await import('./error-reporting.ts')
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 3; i++) reportError({ message: `e${i}` })
    expect(calls).toHaveLength(MAX_REPORTS_PER_PAGE)
  })
})

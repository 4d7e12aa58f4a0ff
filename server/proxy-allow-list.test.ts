import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '#shared/gateway/index.ts'
import { canonicalSegments, createProxyAllowList } from './proxy-allow-list.ts'

const allowList = createProxyAllowList(ENDPOINTS, 'aurora')

describe('canonicalSegments', () => {
  it.each([
    ['/v2/goods/1', ['v2', 'goods', '1']],
    ['//v2///goods/1/', ['v2', 'goods', '1']],
    ['/v2/%67oods/1', ['v2', 'goods', '1']],
    ['', []],
  ])('reads %s', (path, segments) => expect(canonicalSegments(path)).toEqual(segments))

  it.each(['/v2/%2e%2e/x', '/v2/../x', '/v2/./x', '/a%2fb', '/a%5cb', '/a\\b', '/%E0%A4%A', '/a%00b'])(
    'refuses %s',
    (path) => expect(canonicalSegments(path)).toBeUndefined(),
  )
})

describe('the proxy allow-list', () => {
  it('forwards a catalogue call, spelled as the catalogue spells it, params encoded', () => {
    expect(allowList.decide('web', 'GET', '/V2/Goods/123')).toMatchObject({
      kind: 'forward',
      target: { endpoint: { name: 'goods.get' }, path: '/v2/goods/123' },
    })
    expect(allowList.decide('web', 'GET', '/v1/orders/o-4')).toMatchObject({
      kind: 'forward',
      target: { path: '/v1/orders/o-4' },
    })
  })

  it.each([
    ['an escaped "?" and "#"', '/v2/goods/a%3Fb%23c'],
    ['a double-encoded "../"', '/v2/goods/%252e%252e%252fv1%252fprofile'],
    ['a number with a leading zero', '/v2/goods/012'],
    ['a number in exponent form', '/v2/goods/1e3'],
    ['a hexadecimal number', '/v2/goods/0x10'],
    ['zero', '/v2/goods/0'],
    ['a word where a number goes', '/v1/object/abc/scores'],
    ['dots in an order id', '/v1/orders/o..4'],
    ['a space in a card id', '/v1/payment-methods/pm%201'],
    ['a media file that is not an image', '/media/goods/x.html'],
  ])('refuses a path parameter that does not fit its pattern: %s', (_what, path) => {
    expect(allowList.decide('web', path.startsWith('/v1/payment') ? 'DELETE' : 'GET', path).kind).toBe('refused')
  })

  it('allows HEAD where GET is declared, and nothing the catalogue does not declare', () => {
    expect(allowList.decide('web', 'HEAD', '/v2/goods/1').kind).toBe('forward')
    expect(allowList.decide('web', 'DELETE', '/v2/goods/1').kind).toBe('refused')
    expect(allowList.decide('web', 'GET', '/v9/unknown').kind).toBe('refused')
    // A call of the other gateway is not allowed under this one.
    expect(allowList.decide('web', 'GET', '/v1/keeperid/bunch').kind).toBe('refused')
  })

  it('recognises every server-owned call as owned, in any spelling', () => {
    const owned = ENDPOINTS.filter((def) => def.bff)
    expect(owned.length).toBeGreaterThanOrEqual(7)
    for (const def of owned) {
      const path = def.path.replaceAll('{product}', 'aurora')
      for (const spelling of [path, path.toUpperCase(), `${path}/`, `/${path}`, path.replace('/', '//')]) {
        expect(allowList.decide(def.gateway, def.method, spelling), `${def.method} ${spelling}`).toEqual({
          kind: 'owned',
          endpoint: def,
        })
      }
    }
  })

  it('refuses the mock control plane at any depth and in any case', () => {
    for (const path of ['/__mock/faults', '/__MOCK/faults', '/v1/__Mock', '/%5F%5Fmock/faults'])
      for (const gateway of ['web', 'id'] as const)
        expect(allowList.decide(gateway, 'POST', path).kind, `${gateway} ${path}`).toBe('refused')
  })

  it('forwards every call of the catalogue the server does not answer itself', () => {
    for (const def of ENDPOINTS.filter((endpoint) => !endpoint.bff)) {
      const path = def.path.replaceAll('{product}', 'aurora').replace(/:([A-Za-z]\w*)/g, '1')
      const decision = allowList.decide(def.gateway, def.method, path)
      expect(decision.kind, `${def.method} ${path}`).toBe('forward')
      if (decision.kind === 'forward') expect(decision.target.path, def.name).toBe(path)
    }
  })

  it('forwards the gateway media files for GET and HEAD only', () => {
    expect(allowList.decide('web', 'GET', '/media/goods/10546-1.svg')).toMatchObject({
      kind: 'forward',
      target: { endpoint: { name: 'media.file' }, path: '/media/goods/10546-1.svg' },
    })
    expect(allowList.decide('web', 'HEAD', '/media/goods/1.svg').kind).toBe('forward')
    expect(allowList.decide('web', 'POST', '/media/goods/1.svg').kind).toBe('refused')
    expect(allowList.decide('web', 'GET', '/media/goods/a/b.svg').kind).toBe('refused')
    expect(allowList.decide('id', 'GET', '/media/goods/1.svg').kind).toBe('refused')
  })

  it('matches a param with a literal tail in one segment (the icon files)', () => {
    expect(allowList.decide('web', 'GET', '/assets/svg/icons/aurora/heart.SVG')).toMatchObject({
      kind: 'forward',
      target: { path: '/assets/svg/icons/aurora/heart.svg' },
    })
  })

  it('keeps the proxied profile read beside the server-owned profile change', () => {
    expect(allowList.decide('id', 'GET', '/v1/profile')).toMatchObject({ kind: 'forward' })
    expect(allowList.decide('id', 'PATCH', '/v1/PROFILE/')).toMatchObject({ kind: 'owned' })
  })
})

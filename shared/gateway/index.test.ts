import { describe, expect, it } from 'vitest'
import { pathMatcher } from '../api/endpoint.ts'
import { ENDPOINTS } from './index.ts'

describe('the endpoint catalogue', () => {
  it('names every endpoint once', () => {
    const names = ENDPOINTS.map((def) => def.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('declares every method and path once per gateway', () => {
    const keys = ENDPOINTS.map((def) => `${def.gateway} ${def.method} ${def.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('sends the id gateway exactly the auth, profile, registration and bunch calls (DESIGN.md)', () => {
    const idPaths = ENDPOINTS.filter((def) => def.gateway === 'id').map((def) => def.path)
    for (const path of idPaths)
      expect(path).toMatch(/^\/v1\/auth\/|^\/v1\/profile$|^\/v3\/profile\/register\/|^\/v1\/keeperid\/bunch$/)
    const webPaths = ENDPOINTS.filter((def) => def.gateway === 'web').map((def) => def.path)
    for (const path of webPaths)
      expect(path).not.toMatch(/^\/v1\/auth\/|^\/v1\/profile$|^\/v3\/profile\/register\/|^\/v1\/keeperid\/bunch$/)
  })

  it('marks exactly the calls the storefront server answers itself', () => {
    expect(
      ENDPOINTS.filter((def) => def.bff)
        .map((def) => def.name)
        .sort(),
    ).toEqual([
      'auth.crossToken.exchange',
      'auth.otp.check',
      'auth.otp.request',
      'auth.token',
      'auth.token.refresh',
      'profile.register',
      'profile.update',
    ])
  })

  it('needs the token for every personal call', () => {
    const personal =
      /^(cart|checkout|orders|paymentMethods\.(?!sbpBanks)|favorites|permissions|subscription|profile\.(get|update|bunch)|feedback|reviews\.userInfo|auth\.crossToken)/
    for (const def of ENDPOINTS) expect(def.auth, def.name).toBe(personal.test(def.name))
  })

  it('gives a static path the same auth flag as any template of its method that also matches it', () => {
    for (const fixed of ENDPOINTS.filter((def) => !def.path.includes(':'))) {
      const rivals = ENDPOINTS.filter(
        (def) => def !== fixed && def.gateway === fixed.gateway && def.method === fixed.method,
      ).filter((def) => pathMatcher(def.path, 'aurora')(fixed.path.replaceAll('{product}', 'aurora')))
      for (const rival of rivals) expect(rival.auth, `${fixed.name} vs ${rival.name}`).toBe(fixed.auth)
    }
  })
})

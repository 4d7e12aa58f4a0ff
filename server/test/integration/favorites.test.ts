/**
 * The favorites page through the real storefront and mock gateway: guarded, personal (never
 * cacheable), kept out of robots and the sitemap.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Favorites } from '#shared/models/favorites.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { shopperClient } from '#server/test/storefront-client.ts'

const ANNA = '79000000001'

let stack: TestApp

beforeEach(async () => {
  stack = await startTestApp()
})
afterEach(async () => {
  await stack.close()
})

describe('/favorites', () => {
  it('asks an anonymous visitor to sign in and is private, no-store signed in or not', async () => {
    const shopper = shopperClient(stack)
    const anonymous = await shopper.fetch('/favorites')
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store')
    const html = await anonymous.text()
    expect(html).toContain('Войдите, чтобы продолжить')
    expect(html).toContain('noindex')

    await shopper.signIn(ANNA)
    const favorites = (await shopper.json<Favorites>('/webgate/api/v1/goods/favorites')).body
    expect(favorites.goodsIds.length).toBeGreaterThan(0)
    const signedIn = await shopper.fetch('/favorites')
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    const page = await signedIn.text()
    expect(page).toContain('<h1 class="page-title">Избранное</h1>')
    expect(page).not.toContain('Войдите, чтобы продолжить')
  })

  it('is disallowed in robots.txt and absent from the sitemap', async () => {
    const robots = await (await stack.fetch(`/robots.txt`)).text()
    expect(robots).toContain('Disallow: /favorites')
    const index = await (await stack.fetch(`/sitemap.xml`)).text()
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
    expect(parts.length).toBeGreaterThan(0)
    for (const part of parts) expect(await (await stack.fetch(`${part}`)).text()).not.toContain('/favorites')
  })
})

/**
 * Work shared between visitors belongs to no visitor (DESIGN.md section 3): one visitor who hangs up
 * while a gateway call many pages wait for is slow must not turn the others' pages into outage pages.
 * A real socket is reset; the category tree (shared by every catalogue URL) is slowed by the mock.
 */
import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../app.ts'
import { BROWSER_UA } from '../http.ts'

const TREE_DELAY_MS = 1_500

/** Opens a page on a raw socket and resets the connection (an RST, as a phone losing its network) after `ms`. */
function hangUpAfter(origin: string, path: string, ms: number): Promise<void> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${BROWSER_UA}\r\n\r\n`)
      setTimeout(() => {
        socket.resetAndDestroy()
        resolve()
      }, ms)
    })
    socket.on('error', reject)
  })
}

describe('a visitor who hangs up while a shared gateway call is slow', () => {
  let stack: TestApp
  let origin: string

  beforeEach(async () => {
    stack = await startTestApp()
    origin = await stack.listen()
    const fault = await fetch(`${stack.mockUrl}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/webgate/v3/categories/store', delayMs: TREE_DELAY_MS }),
      signal: AbortSignal.timeout(5_000),
    })
    expect(fault.status).toBeLessThan(300)
  })
  afterEach(async () => {
    await stack.close()
  })

  it('leaves another visitor sharing the call with a good page, not the outage page', async () => {
    // Visitor A asks first, so the tree's call is started for A; B joins it; then A resets.
    const first = hangUpAfter(origin, '/catalog?sort=price-asc', 300)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const second = fetch(`${origin}/catalog?sort=price-desc`, {
      headers: { 'user-agent': BROWSER_UA },
      signal: AbortSignal.timeout(10_000),
    })
    await first
    const page = await second
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).not.toContain('Сайт временно не работает')
    expect(html).toContain('Каталог')
  })
})

describe('a flood of category ids nobody knows', () => {
  let stack: TestApp
  beforeEach(async () => {
    // A small store, so the bound is what holds it, and the page cache off, so every request loads.
    stack = await startTestApp({ env: { QUERY_STORE_MAX_MB: '0.2', PAGE_CACHE_MAX_ENTRIES: '0' } })
  })
  afterEach(async () => {
    await stack.close()
  })

  /** Calls of one gateway endpoint so far. */
  const calls = async (endpoint: string) =>
    (await stack.metrics.upstreamDuration.get()).values
      .filter((value) => value.metricName?.endsWith('_count') && value.labels.endpoint === endpoint)
      .reduce((sum, value) => sum + value.value, 0)

  it('answers 404 to each, loads no tiles for them, and adds no entry to the store', async () => {
    const tree = (await (await fetch(`${stack.mockUrl}/webgate/v3/categories/store`)).json()) as {
      items: Array<{ id: number; slug: string }>
    }
    const known = tree.items[0]!
    expect((await stack.request(`/catalog/${known.id}-${known.slug}`)).status).toBe(200)
    const entries = stack.app.queryStore.size
    const bytes = stack.app.queryStore.bytes
    const tiles = await calls('catalog.promosAndDiscounts')
    expect(entries).toBeGreaterThan(0)

    for (let n = 0; n < 150; n++) {
      const id = 100_000_000 + Math.floor(Math.random() * 900_000_000_000)
      const page = await stack.request(`/catalog/${id}-x`)
      expect(page.status).toBe(404)
      expect(stack.app.queryStore.bytes).toBeLessThanOrEqual(stack.app.queryStore.maxBytes)
    }
    expect(stack.app.queryStore.size).toBe(entries)
    expect(stack.app.queryStore.bytes).toBe(bytes)
    expect(await calls('catalog.promosAndDiscounts')).toBe(tiles)
  }, 60_000)
})

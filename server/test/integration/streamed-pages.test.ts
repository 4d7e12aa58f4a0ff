/**
 * Integration: the streamed render (the fallback of decision 012, taken when part of a tree suspends or
 * fails) answers the same documents as the string render. Nothing in the real pages suspends any more,
 * so this file replaces the string renderer with one that declines on demand, and each page is asked
 * for once each way from a real listening store on the real mock gateway.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { BROWSER_UA } from '#server/test/http.ts'

const forced = vi.hoisted(() => ({ stream: false }))

vi.mock('#server/render/render-at-once.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#server/render/render-at-once.ts')>()
  return {
    renderAtOnce: (element: Parameters<typeof real.renderAtOnce>[0]) =>
      forced.stream ? undefined : real.renderAtOnce(element),
  }
})

let uncached: TestStack
let cached: TestStack
let paths: string[]

/** Where two documents first differ, with some context (readable where a whole-page diff is not); undefined when equal. */
/** What a page sent at once has in its head and a streamed one has not. */
const WHOLE_FIRST_PAINT = '<link rel="expect" href="#__BOOT__" blocking="render">'

function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined
  let at = 0
  while (at < actual.length && actual[at] === expected[at]) at++
  return `at ${at} of ${actual.length}/${expected.length}: …${actual.slice(Math.max(0, at - 120), at + 80)}… instead of …${expected.slice(Math.max(0, at - 120), at + 80)}…`
}

const get = (stack: TestStack, path: string) =>
  fetch(stack.url + path, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA, 'accept-encoding': 'identity' } })
const streamedCount = async (stack: TestStack) =>
  (await stack.metrics.streamedRenders.get()).values.reduce((sum, value) => sum + value.value, 0)

beforeAll(async () => {
  ;[uncached, cached] = await Promise.all([startTestStack({ env: { PAGE_CACHE_MAX_ENTRIES: '0' } }), startTestStack()])
  const list = (await (await fetch(`${uncached.mockUrl}/webgate/v2/goods/search?pageSize=1&sort=rating`)).json()) as {
    items: Array<{ id: number; slug: string }>
  }
  const tree = (await (await fetch(`${uncached.mockUrl}/webgate/v3/categories/store`)).json()) as {
    items: Array<{ children: Array<{ id: number; slug: string }> }>
  }
  const goods = list.items[0]!
  const category = tree.items[0]!.children[0]!
  paths = [
    '/',
    `/catalog/${category.id}-${category.slug}`,
    `/product/${goods.id}-${goods.slug}`,
    '/cookie-policy',
    '/articles',
    '/no-such-page',
  ]
}, 30_000)

afterAll(async () => {
  forced.stream = false
  await Promise.all([uncached?.close(), cached?.close()])
})

describe('the streamed render path', () => {
  it('answers each page with the same status and bytes as the string render, streamed without a length', async () => {
    for (const path of paths) {
      forced.stream = false
      const once = await get(uncached, path)
      const onceText = await once.text()
      const streamedBefore = await streamedCount(uncached)
      forced.stream = true
      const streamed = await get(uncached, path)
      const streamedText = await streamed.text()
      forced.stream = false

      expect(streamed.status, path).toBe(once.status)
      // A page sent at once holds its first paint until its root is parsed (decision 023); a streamed
      // one paints as it arrives, so only the first carries the render-blocking link.
      expect(onceText, path).toContain(WHOLE_FIRST_PAINT)
      expect(streamedText, path).not.toContain(WHOLE_FIRST_PAINT)
      // An error page names its request (the id differs per request); everything else is the same.
      const comparable = (text: string) =>
        text.replace(/"requestId":"[^"]+"/, '"requestId":"…"').replace(WHOLE_FIRST_PAINT, '')
      expect(firstDifference(comparable(streamedText), comparable(onceText)), path).toBeUndefined()
      expect(streamedText, path).toMatch(/<\/html>$/)
      expect(once.headers.get('content-length'), path).toBe(String(Buffer.byteLength(onceText)))
      expect(streamed.headers.get('content-length'), path).toBeNull()
      expect(streamed.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      expect(await streamedCount(uncached), path).toBe(streamedBefore + 1)
    }
  })

  it('stores a streamed page in the page cache, and the next visitor gets the same bytes from it', async () => {
    forced.stream = true
    try {
      const first = await get(cached, '/cookie-policy')
      const firstText = await first.text()
      expect(first.status).toBe(200)
      expect(first.headers.get('x-page-cache')).toBeNull()
      const second = await get(cached, '/cookie-policy')
      expect(second.headers.get('x-page-cache')).toBe('hit')
      expect(await second.text()).toBe(firstText)
    } finally {
      forced.stream = false
    }
  })
})

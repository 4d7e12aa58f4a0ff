/**
 * The mock gateway's pictures are lossless WebP files of its own encoder (mock-gateway/http/webp.ts):
 * Chromium decodes each, through the storefront's proxy, to exactly the pixels the mock drew.
 */
import { mediaPixels } from '../mock-gateway/handlers/media.ts'
import type { MediaKind } from '../mock-gateway/seed/media.ts'
import { test, expect } from './fixtures/stack.ts'

/** FNV-1a over the RGBA bytes of an opaque picture, as the page computes it. */
function digest(pixels: Uint32Array): number {
  let hash = 0x811c9dc5
  for (const pixel of pixels) {
    for (const byte of [(pixel >>> 16) & 255, (pixel >>> 8) & 255, pixel & 255, 255]) {
      hash ^= byte
      hash = Math.imul(hash, 0x01000193) >>> 0
    }
  }
  return hash
}

const PICTURES: [MediaKind, string][] = [
  ['goods', '10001-1'],
  ['banners', '1'],
  ['brands', '7'],
  ['categories', '1'],
  ['promotions', '2'],
  ['banks', 'sber'],
]

test('each generated picture decodes to the pixels the mock drew', async ({ page }) => {
  await page.goto('/cookie-policy')
  for (const [kind, key] of PICTURES) {
    const { width, height, pixels } = mediaPixels(kind, key)
    const decoded = await page.evaluate(async (url) => {
      const response = await fetch(url)
      const bitmap = await createImageBitmap(await response.blob())
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const context = canvas.getContext('2d')!
      context.drawImage(bitmap, 0, 0)
      const bytes = context.getImageData(0, 0, bitmap.width, bitmap.height).data
      let hash = 0x811c9dc5
      for (const byte of bytes) {
        hash ^= byte
        hash = Math.imul(hash, 0x01000193) >>> 0
      }
      return { type: response.headers.get('content-type'), width: bitmap.width, height: bitmap.height, hash }
    }, `/webgate/media/${kind}/${key}.webp`)
    expect(decoded, `${kind}/${key}`).toEqual({ type: 'image/webp', width, height, hash: digest(pixels) })
  }
})

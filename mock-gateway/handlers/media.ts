/**
 * Generated images under `/webgate/media/{kind}/{file}`: deterministic colours and shapes per item, so
 * pages look alive offline. The seed links lossless WebP pictures (`.webp`), raster like a real
 * gateway's photos, which the browser decodes off the main thread; the same address as `.svg` gives an
 * SVG of the same picture with the item's name printed on it, for a developer who wants to see which
 * item a picture stands for (decision 033).
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { escapeHtml } from '../http/html.ts'
import { encodeWebp } from '../http/webp.ts'
import { notFound } from '../http/gateway-error.ts'
import { hashString } from '../random.ts'
import { MEDIA_KINDS, MEDIA_SIZES, type MediaKind } from '../seed/media.ts'
import type { MockState } from '../state.ts'

const KIND_LABELS: Record<MediaKind, string> = {
  goods: 'Товар',
  brands: 'Бренд',
  categories: 'Категория',
  promotions: 'Акция',
  articles: 'Статья',
  publications: 'Подборка',
  banners: 'Аврора',
  stores: 'Магазин',
  reviews: 'Фото покупателя',
  banks: 'Банк',
  ads: 'Реклама',
}

/** The label printed on an image: the item's name where the mock knows it. */
function labelFor(state: MockState, kind: MediaKind, key: string): string {
  const id = Number(key.split('-')[0])
  const name =
    kind === 'goods'
      ? state.db.goods.findFirst((q) => q.where({ id }))?.name
      : kind === 'brands'
        ? state.db.brands.findFirst((q) => q.where({ id }))?.name
        : kind === 'categories'
          ? state.db.categories.findFirst((q) => q.where({ id }))?.name
          : kind === 'banks'
            ? state.db.sbpBanks.findFirst((q) => q.where({ id: key }))?.name
            : undefined
  return name ?? `${KIND_LABELS[kind]} ${key}`
}

/** Wraps a label into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]?.slice(0, width - 1)}…`] : lines
}

/** The colours and the figure of one media file (the SVG and the WebP picture draw the same). */
function pictureOf(kind: MediaKind, key: string) {
  const [width, height] = MEDIA_SIZES[kind]
  const hash = hashString(`${kind}/${key}`)
  const hue = hash % 360
  const accent = (hue + 40 + ((hash >> 9) % 80)) % 360
  const min = Math.min(width, height)
  return { width, height, hue, accent, min, shape: (hash >> 5) % 3, cx: width / 2, cy: height * 0.42 }
}

/** The SVG of one media file. */
export function mediaSvg(kind: MediaKind, key: string, label: string): string {
  const { width, height, hue, accent, min, shape, cx, cy } = pictureOf(kind, key)
  const figure =
    shape === 0
      ? `<circle cx="${cx}" cy="${cy}" r="${min * 0.22}" fill="hsl(${accent} 60% 55%)"/>`
      : shape === 1
        ? `<rect x="${cx - min * 0.14}" y="${cy - min * 0.26}" width="${min * 0.28}" height="${min * 0.5}" rx="${min * 0.05}" fill="hsl(${accent} 55% 50%)"/><rect x="${cx - min * 0.06}" y="${cy - min * 0.34}" width="${min * 0.12}" height="${min * 0.09}" rx="${min * 0.02}" fill="hsl(${accent} 40% 30%)"/>`
        : `<path d="M${cx} ${cy - min * 0.25} L${cx + min * 0.24} ${cy + min * 0.18} L${cx - min * 0.24} ${cy + min * 0.18} Z" fill="hsl(${accent} 60% 50%)"/>`
  const fontSize = Math.max(12, Math.round(min / 14))
  const lines = wrap(label, Math.max(12, Math.floor(width / (fontSize * 0.62))))
  const text = lines
    .map(
      (line, index) =>
        `<text x="${cx}" y="${height * 0.78 + index * fontSize * 1.2}" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" fill="hsl(${hue} 40% 18%)">${escapeHtml(line)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}"><rect width="100%" height="100%" fill="hsl(${hue} 55% 90%)"/>${figure}${text}</svg>`
}

/** An opaque ARGB pixel of `hsl(h s% l%)`. */
export function hslPixel(h: number, s: number, l: number): number {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const channel = (n: number) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return ((0xff << 24) | (channel(0) << 16) | (channel(8) << 8) | channel(4)) >>> 0
}

/** The pixels of one media file, row by row: the SVG's background and figure, without the label. */
export function mediaPixels(kind: MediaKind, key: string): { width: number; height: number; pixels: Uint32Array } {
  const { width, height, hue, accent, min, shape, cx, cy } = pictureOf(kind, key)
  const pixels = new Uint32Array(width * height).fill(hslPixel(hue, 55, 90))
  const fill = (colour: number, inside: (x: number, y: number) => boolean, top: number, bottom: number) => {
    for (let y = Math.max(0, Math.floor(top)); y < Math.min(height, Math.ceil(bottom)); y++)
      for (let x = 0; x < width; x++) if (inside(x + 0.5, y + 0.5)) pixels[y * width + x] = colour
  }
  if (shape === 0) {
    const r = min * 0.22
    fill(hslPixel(accent, 60, 55), (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, cy - r, cy + r)
  } else if (shape === 1) {
    const box = (left: number, top: number, w: number, h: number) => (x: number, y: number) =>
      x >= left && x <= left + w && y >= top && y <= top + h
    fill(
      hslPixel(accent, 55, 50),
      box(cx - min * 0.14, cy - min * 0.26, min * 0.28, min * 0.5),
      cy - min * 0.26,
      cy + min * 0.24,
    )
    fill(
      hslPixel(accent, 40, 30),
      box(cx - min * 0.06, cy - min * 0.34, min * 0.12, min * 0.09),
      cy - min * 0.34,
      cy - min * 0.25,
    )
  } else {
    const top = cy - min * 0.25
    const bottom = cy + min * 0.18
    const halfBase = min * 0.24
    fill(
      hslPixel(accent, 60, 50),
      (x, y) => y >= top && y <= bottom && Math.abs(x - cx) <= (halfBase * (y - top)) / (bottom - top),
      top,
      bottom,
    )
  }
  return { width, height, pixels }
}

/** Encoded pictures kept for the next request of the same file: the seed's few hundred, least recent out. */
export const PICTURES_KEPT = 512
const pictures = new Map<string, Buffer>()

/** How many encoded pictures are kept now (never more than `PICTURES_KEPT`). */
export const keptPictureCount = (): number => pictures.size

/** The WebP file of one media file, kept while it is among the last `PICTURES_KEPT` asked for. */
export function mediaWebp(kind: MediaKind, key: string): Buffer {
  const name = `${kind}/${key}`
  const kept = pictures.get(name)
  if (kept) {
    pictures.delete(name)
    pictures.set(name, kept)
    return kept
  }
  const { width, height, pixels } = mediaPixels(kind, key)
  const file = encodeWebp(width, height, pixels)
  pictures.set(name, file)
  if (pictures.size > PICTURES_KEPT) pictures.delete(pictures.keys().next().value as string)
  return file
}

/** The media route of the web gateway. */
export function mediaHandlers(state: MockState): HttpHandler[] {
  return [
    http.get('*/webgate/media/:kind/:file', ({ params }) => {
      const kind = String(params.kind) as MediaKind
      const match = /^([\w-]{1,60})\.(svg|webp)$/.exec(String(params.file))
      if (!MEDIA_KINDS.includes(kind) || !match?.[1]) return notFound('Файл не найден')
      const headers = { 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' }
      if (match[2] === 'webp')
        return new HttpResponse(new Uint8Array(mediaWebp(kind, match[1])), {
          headers: { ...headers, 'content-type': 'image/webp' },
        })
      return new HttpResponse(mediaSvg(kind, match[1], labelFor(state, kind, match[1])), {
        headers: { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' },
      })
    }),
  ]
}

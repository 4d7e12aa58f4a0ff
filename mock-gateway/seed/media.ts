/** Image descriptors of the seed: every URL is a WebP picture the mock itself serves under `/webgate/media/`. */
import type { Image } from '#shared/models/common.ts'

/** Kinds of generated media, each a folder of `/webgate/media/`. */
export const MEDIA_KINDS = [
  'goods',
  'brands',
  'categories',
  'promotions',
  'articles',
  'publications',
  'banners',
  'stores',
  'reviews',
  'banks',
  'ads',
] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** Default pixel size of each kind. */
export const MEDIA_SIZES: Record<MediaKind, [number, number]> = {
  goods: [600, 600],
  brands: [240, 120],
  categories: [320, 320],
  promotions: [800, 450],
  articles: [960, 540],
  publications: [960, 540],
  banners: [1440, 480],
  stores: [640, 360],
  reviews: [480, 480],
  banks: [96, 96],
  ads: [1200, 300],
}

/** An image of the mock's media route: `/webgate/media/{kind}/{file}.webp` (`.svg` gives it labelled). */
export function mediaImage(kind: MediaKind, file: string | number, alt: string): Image {
  const [width, height] = MEDIA_SIZES[kind]
  return { url: `/webgate/media/${kind}/${file}.webp`, width, height, alt }
}

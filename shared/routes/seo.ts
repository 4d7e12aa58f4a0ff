/** Head helpers of the browsing pages: safe title/description lengths and the JSON-LD objects. */
import { SITE_NAME } from '../constants.ts'
import type { Goods } from '../models/goods.ts'
import type { Review, Scores } from '../models/reviews.ts'

/** Longest title and description (DESIGN.md). */
export const TITLE_MAX = 70
export const DESCRIPTION_MAX = 160

/** Collapses whitespace (including U+2028/U+2029) and cuts at a word boundary with an ellipsis. */
export function clampText(text: string, max: number): string {
  const plain = text.replace(/[\s\u2028\u2029]+/g, ' ').trim()
  const chars = Array.from(plain)
  if (chars.length <= max) return plain
  const cut = chars.slice(0, max - 1).join('')
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`
}

/** `{subject} — {suffix}` within 70 characters: the subject is shortened, never the suffix. */
export function pageTitle(subject: string, suffix = SITE_NAME): string {
  const tail = ` — ${suffix}`
  return `${clampText(subject, TITLE_MAX - Array.from(tail).length)}${tail}`
}

/** A description within 160 characters. */
export const pageDescription = (text: string): string => clampText(text, DESCRIPTION_MAX)

/** A BreadcrumbList of `{ name, path }` steps. */
export function breadcrumbLd(steps: ReadonlyArray<{ name: string; path: string }>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.path,
    })),
  }
}

/** A Product with its offer and aggregate rating (when rated). */
export function productLd(goods: Goods, path: string, scores: Scores | undefined): object {
  const count = scores?.count ?? goods.reviewsCount
  const average = scores?.average ?? goods.rating
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: goods.name,
    sku: String(goods.id),
    url: path,
    image: goods.images.map((image) => image.url),
    description: clampText(goods.description, 500),
    brand: { '@type': 'Brand', name: goods.brand.name },
    offers: {
      '@type': 'Offer',
      url: path,
      priceCurrency: 'RUB',
      price: goods.price.toFixed(2),
      availability: goods.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(average * 10) / 10,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

/** Review objects of a product (the first page shown). */
export function reviewsLd(goods: Goods, reviews: readonly Review[]): object[] {
  return reviews.slice(0, 5).map((review) => ({
    '@context': 'https://schema.org',
    '@type': 'Review',
    itemReviewed: { '@type': 'Product', name: goods.name },
    author: { '@type': 'Person', name: review.authorName },
    datePublished: review.createdAt.slice(0, 10),
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    reviewBody: clampText(review.text, 500),
  }))
}

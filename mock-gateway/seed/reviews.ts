/** Seeds the reviews of every goods from the ratings seedGoods drew, a quarter of them with photos. */
import type { Random } from '../random.ts'
import type { MockDb } from '../db/index.ts'
import { AUTHOR_NAMES, REVIEW_CONS, REVIEW_PROS, REVIEW_TEXTS } from './catalog-data.ts'
import { SEED_EPOCH } from './goods.ts'
import { mediaImage } from './media.ts'

/** Seeds reviews; returns the next free review id. */
export async function seedReviews(db: MockDb, random: Random, ratings: Map<number, number[]>): Promise<number> {
  let id = 1
  for (const [goodsId, list] of ratings) {
    for (const rating of list) {
      const reviewId = id++
      const photos = random.chance(0.25)
        ? Array.from({ length: random.int(1, 3) }, (_, n) =>
            mediaImage('reviews', `${reviewId}-${n + 1}`, `Фото покупателя к отзыву ${reviewId}`),
          )
        : []
      await db.reviews.create({
        id: reviewId,
        objectId: goodsId,
        userId: null,
        authorName: random.pick(AUTHOR_NAMES),
        createdAt: new Date(SEED_EPOCH - random.int(0, 300) * 86_400_000 - random.int(0, 86_399) * 1000).toISOString(),
        rating,
        text: random.pick(REVIEW_TEXTS[rating] ?? REVIEW_TEXTS[5] ?? []),
        pros: rating >= 3 && random.chance(0.6) ? random.pick(REVIEW_PROS) : null,
        cons: rating <= 4 && random.chance(0.5) ? random.pick(REVIEW_CONS) : null,
        photos,
        status: 'published',
      })
    }
  }
  return id
}

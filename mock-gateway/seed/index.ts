/** Fills an empty database with the deterministic seed of DESIGN.md section 2. */
import { createRandom } from '../random.ts'
import type { MockState } from '../state.ts'
import { seedContent } from './content.ts'
import { SPECIAL_GOODS, seedGoods, seedTaxonomy } from './goods.ts'
import { seedPromotions } from './promotions.ts'
import { seedReviews } from './reviews.ts'
import { seedStores } from './stores.ts'
import { seedUsers } from './users.ts'

/** Seeds everything; the same `config.seed` gives the same catalogue on every start. */
export async function seedState(state: MockState): Promise<void> {
  const random = createRandom(state.config.seed)
  const today = Math.floor(state.clock.now() / 86_400_000) * 86_400_000
  await seedTaxonomy(state.db)
  const ratings = await seedGoods(state.db, random)
  state.seq.review = (await seedReviews(state.db, random, ratings)) - 1
  await seedStores(state.db, random)
  await seedContent(state.db, random)
  await seedPromotions(state.db, random, today)
  await seedUsers(state)
  const target = state.db.goods.findFirst((q) => q.where({ id: SPECIAL_GOODS.redirectTarget }))
  state.redirects.set(SPECIAL_GOODS.redirecting, {
    location: `/product/${SPECIAL_GOODS.redirectTarget}-${target?.slug ?? 'tovar'}`,
    permanent: true,
  })
}

/** The mock's database: one @msw/data collection per entity, modelled by the shared zod schemas. */
import { Collection } from '@msw/data'
import { CitySchema, StoreSchema } from '#shared/models/stores.ts'
import { PollSchema } from '#shared/models/polls.ts'
import { BannerSchema, PromotionSchema } from '#shared/models/promotions.ts'
import { SbpBankSchema } from '#shared/models/payment-cards.ts'
import {
  ArticleRecordSchema,
  BrandRecordSchema,
  CartRecordSchema,
  CategoryRecordSchema,
  FavoritesRecordSchema,
  FeedbackRecordSchema,
  GoodsRecordSchema,
  OrderRecordSchema,
  PaymentMethodRecordSchema,
  PromotionCategoryRecordSchema,
  PublicationRecordSchema,
  ReviewRecordSchema,
  UserRecordSchema,
} from './schemas.ts'

/** Creates an empty database; every mock gateway instance has its own. */
export function createDb() {
  return {
    goods: new Collection({ schema: GoodsRecordSchema }),
    categories: new Collection({ schema: CategoryRecordSchema }),
    brands: new Collection({ schema: BrandRecordSchema }),
    promotions: new Collection({ schema: PromotionSchema }),
    promotionCategories: new Collection({ schema: PromotionCategoryRecordSchema }),
    banners: new Collection({ schema: BannerSchema }),
    articles: new Collection({ schema: ArticleRecordSchema }),
    publications: new Collection({ schema: PublicationRecordSchema }),
    cities: new Collection({ schema: CitySchema }),
    stores: new Collection({ schema: StoreSchema }),
    reviews: new Collection({ schema: ReviewRecordSchema }),
    polls: new Collection({ schema: PollSchema }),
    sbpBanks: new Collection({ schema: SbpBankSchema }),
    users: new Collection({ schema: UserRecordSchema }),
    carts: new Collection({ schema: CartRecordSchema }),
    orders: new Collection({ schema: OrderRecordSchema }),
    paymentMethods: new Collection({ schema: PaymentMethodRecordSchema }),
    favorites: new Collection({ schema: FavoritesRecordSchema }),
    feedback: new Collection({ schema: FeedbackRecordSchema }),
  }
}

/** The collections of one mock gateway. */
export type MockDb = ReturnType<typeof createDb>

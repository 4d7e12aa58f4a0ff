/** Seeds promotion categories and 60 promotions, most tied to catalogue goods. */
import type { Random } from '../random.ts'
import { slugify } from '../translit.ts'
import type { MockDb } from '../db/index.ts'
import type { PromotionType } from '#shared/models/promotions.ts'
import { mediaImage } from './media.ts'

const CATEGORIES = [
  'Скидки недели',
  'Подарки за покупку',
  '1+1',
  'Кешбэк баллами',
  'Только для держателей карты',
  'Сезонные предложения',
]
const TYPE_OF_CATEGORY: PromotionType[] = ['discount', 'gift', 'bundle', 'cashback', 'loyalty', 'discount']
const PROMOTION_COUNT = 60
const DAY = 86_400_000

/** Seeds promotions; dates are counted from `today` (the start of the current UTC day) so they stay current. */
export async function seedPromotions(db: MockDb, random: Random, today: number): Promise<void> {
  for (const [index, name] of CATEGORIES.entries()) {
    await db.promotionCategories.create({
      id: index + 1,
      name,
      slug: slugify(name),
      image: mediaImage('promotions', `category-${index + 1}`, name),
    })
  }
  const goods = db.goods.findMany((q) => q.where({ inStock: true }))
  for (let id = 1; id <= PROMOTION_COUNT; id++) {
    const categoryId = ((id - 1) % CATEGORIES.length) + 1
    const type = TYPE_OF_CATEGORY[categoryId - 1] as PromotionType
    const item = random.pick(goods)
    const percent = random.pick([10, 15, 20, 25, 30, 40, 50])
    const price = type === 'discount' || type === 'loyalty' ? Math.round(item.price * (1 - percent / 100)) : null
    const badge = {
      discount: `−${percent}%`,
      loyalty: `−${percent}% по карте`,
      gift: 'Подарок',
      bundle: '1+1',
      cashback: `${percent}% баллами`,
    }[type]
    const title = {
      discount: `Скидка ${percent}%: ${item.name}`,
      loyalty: `По карте «Аврора»: ${item.name}`,
      gift: `Подарок при покупке: ${item.name}`,
      bundle: `Второй в подарок: ${item.name}`,
      cashback: `Вернём ${percent}% баллами: ${item.name}`,
    }[type]
    await db.promotions.create({
      id,
      slug: slugify(title),
      title,
      type,
      categoryId,
      image: mediaImage('promotions', id, title),
      badge,
      price,
      oldPrice: price === null ? null : item.price,
      startsAt: new Date(today - random.int(1, 20) * DAY).toISOString(),
      endsAt: new Date(today + random.int(3, 40) * DAY - 1000).toISOString(),
      description: `${title}. Предложение действует во всех магазинах сети и при заказе на сайте, пока товар есть в наличии.`,
      conditions: [
        'Акция не суммируется с другими предложениями.',
        type === 'loyalty' ? 'Цена действует при предъявлении карты «Аврора».' : 'Количество товара ограничено.',
      ],
      images: [mediaImage('promotions', id, title), ...item.images.slice(0, 2)],
      goodsId: item.id,
      ageRestricted: item.ageRestricted,
    })
  }
}

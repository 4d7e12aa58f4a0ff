/** Seeds brands, categories, goods (with the hostile rows of DESIGN.md) and the ratings their reviews will carry. */
import type { Random } from '../random.ts'
import { slugify } from '../translit.ts'
import type { MockDb } from '../db/index.ts'
import type { GoodsRecord } from '../db/schemas.ts'
import type { GoodsLabel } from '#shared/models/goods.ts'
import {
  BRANDS,
  DESCRIPTION_DETAILS,
  DESCRIPTION_OPENINGS,
  GROUPS,
  INGREDIENTS,
  LINES,
  USAGES,
} from './catalog-data.ts'
import { mediaImage } from './media.ts'

/** Fixed ids of the DESIGN.md hostile rows and of goods with scarce stock. */
export const SPECIAL_GOODS = {
  scriptName: 900001,
  lineSeparator: 900002,
  longName: 900003,
  rtlEmoji: 900004,
  redirecting: 900005,
  redirectTarget: 900006,
  /** Sold out (stock 0). */
  soldOut: 10007,
  /** One unit left. */
  lastUnit: 10008,
} as const

/** The category every call about answers 422. */
export const BROKEN_CATEGORY_ID = 999

/** First id of generated goods. */
export const FIRST_GOODS_ID = 10001
/** Goods generated per category. */
const GOODS_PER_CATEGORY = 22
/** How many goods the seed generates (besides the hostile rows). */
export const GENERATED_GOODS_COUNT =
  GROUPS.reduce((sum, group) => sum + group.categories.length, 0) * GOODS_PER_CATEGORY
/** A fixed point in time the catalogue's dates count from, so the seed does not depend on the start time. */
export const SEED_EPOCH = Date.UTC(2025, 0, 15, 9, 0, 0)
const DAY = 86_400_000

/** Seeds brands and categories. */
export async function seedTaxonomy(db: MockDb): Promise<void> {
  for (const [index, [name]] of BRANDS.entries()) {
    const id = index + 1
    await db.brands.create({ id, name, slug: slugify(name), logo: mediaImage('brands', id, `Логотип бренда ${name}`) })
  }
  for (const group of GROUPS) {
    await db.categories.create({
      id: group.id,
      name: group.name,
      slug: slugify(group.name),
      parentId: null,
      image: mediaImage('categories', group.id, group.name),
    })
    for (const category of group.categories) {
      await db.categories.create({
        id: category.id,
        name: category.name,
        slug: slugify(category.name),
        parentId: group.id,
        image: mediaImage('categories', category.id, category.name),
      })
    }
  }
}

/** Rounds a price the way shops print it: `349`, `1290`, sometimes `199.9`. */
function shopPrice(random: Random, value: number): number {
  const rounded = value < 1000 ? Math.floor(value / 10) * 10 + 9 : Math.floor(value / 100) * 100 + 90
  return random.chance(0.1) ? Math.round((rounded - 0.1) * 100) / 100 : rounded
}

/** Builds one generated goods record (without its review numbers). */
function makeGoods(
  random: Random,
  id: number,
  categoryId: number,
  data: (typeof GROUPS)[number]['categories'][number],
  index: number,
): GoodsRecord {
  const brandIndex = random.int(0, BRANDS.length - 1)
  const [brandName, country] = BRANDS[brandIndex] as [string, string]
  const kind = random.pick(data.kinds)
  const line = random.pick(LINES)
  const volume = random.pick(data.volumes)
  const name = `${kind} «${line}» ${brandName}, ${volume}`
  const price = shopPrice(random, random.int(data.price[0], data.price[1]))
  const discounted = random.chance(0.35)
  const oldPrice = discounted ? shopPrice(random, price * (1.1 + random.next() * 0.5)) : undefined
  const discountPercent = oldPrice ? Math.max(1, Math.min(99, Math.round((1 - price / oldPrice) * 100))) : undefined
  const stock = random.chance(0.06) ? 0 : random.int(1, 60)
  const labels: GoodsLabel[] = []
  if (index < 3 || random.chance(0.08)) labels.push('new')
  if (random.chance(0.1)) labels.push('hit')
  if (discounted) labels.push('sale')
  const exclusive = random.chance(0.06)
  if (exclusive) labels.push('exclusive')
  if (random.chance(0.08)) labels.push('eco')
  if (categoryId === 64) labels.push('gift')
  const fill = (text: string) => text.replace('{kind}', kind).replace('{line}', line)
  const cosmetic = categoryId < 60
  return {
    id,
    name,
    slug: slugify(`${kind} ${line} ${brandName}`),
    brand: { id: brandIndex + 1, name: brandName, slug: slugify(brandName) },
    categoryId,
    price,
    oldPrice,
    discountPercent,
    images: Array.from({ length: random.int(2, 4) }, (_, n) =>
      mediaImage('goods', `${id}-${n + 1}`, n === 0 ? name : `${name}, фото ${n + 1}`),
    ),
    description: [fill(random.pick(DESCRIPTION_OPENINGS)), random.sample(DESCRIPTION_DETAILS, 2).join(' ')].join(
      '\n\n',
    ),
    composition: cosmetic ? random.sample(INGREDIENTS, random.int(5, 9)).join(', ') + '.' : undefined,
    usage: cosmetic ? random.pick(USAGES) : undefined,
    volume,
    country,
    rating: 0,
    reviewsCount: 0,
    ageRestricted: data.ageRestricted === true,
    inStock: stock > 0,
    stock,
    labels,
    popularity: random.int(0, 100_000),
    addedAt: new Date(SEED_EPOCH - random.int(0, 400) * DAY).toISOString(),
    exclusive,
  }
}

/** The hostile rows of DESIGN.md section 2 (900005 is a redirect, answered by the goods handler). */
function hostileGoods(base: GoodsRecord): GoodsRecord[] {
  const row = (id: number, name: string, extra: Partial<GoodsRecord> = {}): GoodsRecord => ({
    ...base,
    id,
    name,
    slug: `tovar-${id}`,
    labels: [],
    ...extra,
    images: [mediaImage('goods', `${id}-1`, name)],
  })
  return [
    row(SPECIAL_GOODS.scriptName, '</script><script>alert(1)</script>', {
      description: 'Название этого товара пытается закрыть тег <script>. Витрина должна показать его как текст.',
    }),
    row(SPECIAL_GOODS.lineSeparator, 'Крем для рук с разделителем строк', {
      description: 'Первая строка описания\u2028вторая строка после U+2028\u2029и абзац после U+2029.',
    }),
    row(SPECIAL_GOODS.longName, `Очень длинное название товара ${'«Сияние и увлажнение» '.repeat(20)}`.slice(0, 300), {
      description:
        'У товара название из трёхсот символов: карточки и заголовки должны переносить его без поломки вёрстки.',
    }),
    row(SPECIAL_GOODS.rtlEmoji, 'كريم اليد 🧴 Крем для рук ✨ קרם ידיים 🌸', {
      description: 'Текст справа налево: كريم مرطب لليدين. עברית. Эмодзи: 🧴✨🌸👩‍👩‍👧.',
    }),
    row(SPECIAL_GOODS.redirectTarget, 'Крем для рук «Бархат» Тёплый мёд, 75 мл (новая карточка)', {
      slug: 'krem-dlya-ruk-barkhat-teplyy-med',
    }),
  ]
}

/** Seeds the goods; returns the rating of every review each goods will have (see seedReviews). */
export async function seedGoods(db: MockDb, random: Random): Promise<Map<number, number[]>> {
  const goods: GoodsRecord[] = []
  let id = FIRST_GOODS_ID
  for (const group of GROUPS) {
    for (const category of group.categories) {
      for (let index = 0; index < GOODS_PER_CATEGORY; index++)
        goods.push(makeGoods(random, id++, category.id, category, index))
    }
  }
  const handCream = goods.find((item) => item.categoryId === 32 && !item.ageRestricted) as GoodsRecord
  goods.push(...hostileGoods({ ...handCream, categoryId: 32, stock: 25, inStock: true, ageRestricted: false }))
  const ratings = new Map<number, number[]>()
  for (const item of goods) {
    if (item.id === SPECIAL_GOODS.soldOut) Object.assign(item, { stock: 0, inStock: false })
    if (item.id === SPECIAL_GOODS.lastUnit) Object.assign(item, { stock: 1, inStock: true })
    const count = random.chance(0.15) ? 0 : random.int(1, 9)
    const bias = random.int(0, 2)
    const list = Array.from({ length: count }, () =>
      Math.max(1, Math.min(5, 5 - random.int(0, 2) - (random.chance(0.15) ? bias + 1 : 0))),
    )
    ratings.set(item.id, list)
    item.reviewsCount = list.length
    item.rating =
      list.length === 0 ? 0 : Math.round((list.reduce((sum, value) => sum + value, 0) / list.length) * 10) / 10
    await db.goods.create(item)
  }
  return ratings
}

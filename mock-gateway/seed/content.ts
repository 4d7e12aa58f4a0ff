/** Seeds articles, "popular" publications, banners, SBP banks and polls. */
import type { Random } from '../random.ts'
import { slugify } from '../translit.ts'
import type { MockDb } from '../db/index.ts'
import { FIRST_GOODS_ID, GENERATED_GOODS_COUNT, SEED_EPOCH } from './goods.ts'
import { mediaImage } from './media.ts'
import { POLLS, SBP_BANKS } from './static-content.ts'

const ARTICLE_TITLES: [string, string][] = [
  ['Как выбрать крем для лица по типу кожи', 'уход за кожей'],
  ['Пять шагов вечернего ухода', 'уход за кожей'],
  ['Гиалуроновая кислота: мифы и факты', 'уход за кожей'],
  ['Зачем нужна сыворотка', 'уход за кожей'],
  ['Солнцезащитные средства в городе', 'уход за кожей'],
  ['Уход за кожей зимой', 'уход за кожей'],
  ['Базовый макияж за десять минут', 'макияж'],
  ['Как подобрать оттенок тонального крема', 'макияж'],
  ['Стойкая помада: секреты нанесения', 'макияж'],
  ['Тушь для ресниц: объём или длина', 'макияж'],
  ['Шампунь без сульфатов: кому он нужен', 'волосы'],
  ['Маски для волос: как часто делать', 'волосы'],
  ['Термозащита: почему без неё нельзя', 'волосы'],
  ['Как ухаживать за окрашенными волосами', 'волосы'],
  ['Как выбрать аромат в подарок', 'парфюмерия'],
  ['Шлейф и стойкость: что влияет на аромат', 'парфюмерия'],
  ['Ароматы для весны', 'парфюмерия'],
  ['Экологичная стирка: меньше химии', 'дом'],
  ['Порядок на кухне без лишних средств', 'дом'],
  ['Как собрать подарочный набор', 'советы'],
  ['Косметичка в путешествие', 'советы'],
  ['Как читать состав на упаковке', 'советы'],
  ['Сроки годности косметики', 'советы'],
  ['Уход за руками в холодное время', 'уход за кожей'],
]

const PARAGRAPHS = [
  'Начните с простого: внимательно посмотрите, как ведёт себя кожа в течение дня, и запишите наблюдения.',
  'Не стоит менять весь уход сразу — вводите новые средства по одному, с перерывом в неделю.',
  'Обращайте внимание на состав: первые пять компонентов составляют основу средства.',
  'Если появилось покраснение или зуд, прекратите использование и обратитесь к специалисту.',
  'Хранить косметику лучше в прохладном месте, вдали от прямых солнечных лучей.',
  'Регулярность важнее количества: простой, но ежедневный уход даёт лучший результат.',
]

const HEADINGS = ['С чего начать', 'На что обратить внимание', 'Частые ошибки', 'Советы экспертов', 'Итог']

const allGoodsIds = Array.from({ length: GENERATED_GOODS_COUNT }, (_, i) => FIRST_GOODS_ID + i)
const goodsIdsFor = (random: Random) => random.sample(allGoodsIds, 4)

/** Seeds the editorial content and reference lists. */
export async function seedContent(db: MockDb, random: Random): Promise<void> {
  for (const [index, [title, tag]] of ARTICLE_TITLES.entries()) {
    const id = index + 1
    await db.articles.create({
      id,
      slug: slugify(title),
      title,
      excerpt: random.pick(PARAGRAPHS),
      image: mediaImage('articles', id, title),
      publishedAt: new Date(SEED_EPOCH - index * 5 * 86_400_000).toISOString(),
      readingMinutes: random.int(3, 9),
      tags: [tag],
      author: random.pick(['Редакция «Авроры»', 'Мария Соколова, косметолог', 'Ирина Белова, визажист']),
      sections: random.sample(HEADINGS, 3).map((heading) => ({ heading, paragraphs: random.sample(PARAGRAPHS, 2) })),
      goodsIds: goodsIdsFor(random),
    })
  }
  const publications = [
    'Хиты месяца',
    'Выбор покупателей',
    'Уход до 500 ₽',
    'Ароматы недели',
    'Всё для душа',
    'Подарки коллегам',
    'Корейский уход',
    'Летняя косметичка',
  ]
  for (const [index, title] of publications.entries()) {
    const id = index + 1
    await db.publications.create({
      id,
      slug: slugify(title),
      title,
      subtitle: random.pick(['Подборка от наших экспертов', 'То, что покупают чаще всего', 'Проверено покупателями']),
      image: mediaImage('publications', id, title),
      publishedAt: new Date(SEED_EPOCH - index * 7 * 86_400_000).toISOString(),
      sections: [{ heading: title, paragraphs: random.sample(PARAGRAPHS, 2) }],
      goodsIds: random.sample(allGoodsIds, 8),
    })
  }
  const banners = [
    ['main-slider', 'Весенняя распродажа', 'Скидки до 50% на уход', '/promo-catalog', 'Смотреть'],
    ['main-slider', 'Новые ароматы', 'Парфюмерия сезона', '/catalog/51-zhenskaya-parfyumeriya', 'Выбрать'],
    ['main-slider', 'Корейская косметика', 'Эксклюзивно у нас', '/catalog/12-syvorotki', 'Перейти'],
    ['bottom-slider', 'Доставка за 2 часа', 'Закажите онлайн — заберите в магазине', '/ecom/cart', null],
    [
      'bottom-slider',
      'Подарочные наборы',
      'Готовые подарки на любой праздник',
      '/catalog/64-podarochnye-nabory',
      'Выбрать',
    ],
    [
      'loyalty',
      'Карта «Аврора»',
      'Копите баллы и оплачивайте ими до 50% покупки',
      'https://aurora.example/loyalty',
      'Подробнее',
    ],
    [
      'registration',
      'Зарегистрируйтесь и получите 300 баллов',
      'Баллы придут сразу после регистрации',
      '/registration',
      'Зарегистрироваться',
    ],
    ['search', 'Скидка 15% на первый заказ', null, '/promo-catalog', null],
  ] as const
  for (const [index, [placement, title, subtitle, url, buttonLabel]] of banners.entries()) {
    await db.banners.create({
      id: index + 1,
      placement,
      title,
      subtitle,
      url,
      buttonLabel,
      image: mediaImage('banners', index + 1, title),
    })
  }
  for (const [id, name] of SBP_BANKS) await db.sbpBanks.create({ id, name, logo: mediaImage('banks', id, name) })
  for (const poll of POLLS) await db.polls.create(poll)
}

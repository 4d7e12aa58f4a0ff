/** Fixed content blocks: the cookie policy, the ticker, ad slots, popular searches, SBP banks, polls. */
import type { CookiePolicy } from '#shared/models/content.ts'
import type { AdSlots, Ticker } from '#shared/models/main-page.ts'
import type { Poll } from '#shared/models/polls.ts'
import type { PopularSuggestions } from '#shared/models/search.ts'
import { mediaImage } from './media.ts'

/** The cookie policy page. */
export const COOKIE_POLICY: CookiePolicy = {
  title: 'Политика использования файлов cookie',
  summary: 'Сайт использует файлы cookie, чтобы запоминать данные для входа и ваши настройки.',
  updatedAt: '2025-01-15',
  sections: [
    {
      heading: 'Что такое cookie',
      paragraphs: [
        'Cookie — это небольшие текстовые файлы, которые сайт сохраняет в вашем браузере.',
        'Они помогают узнавать вас при следующих посещениях и не хранят паролей или данных банковских карт.',
      ],
    },
    {
      heading: 'Какие cookie мы используем',
      paragraphs: [
        'Обязательные: поддерживают вход в личный кабинет, корзину и выбор магазина. Без них сайт не работает.',
        'Функциональные: запоминают город, магазин и согласие с этой политикой.',
        'Аналитические: помогают понять, какие разделы полезны, — только если подключена система аналитики.',
      ],
    },
    {
      heading: 'Как управлять cookie',
      paragraphs: [
        'Вы можете удалить cookie или запретить их сохранение в настройках браузера.',
        'Если запретить обязательные cookie, вход в личный кабинет и оформление заказа станут недоступны.',
      ],
    },
    { heading: 'Контакты', paragraphs: ['Вопросы об обработке данных присылайте на адрес privacy@aurora.example.'] },
  ],
}

/** The running line of the main page. */
export const TICKER: Ticker = {
  items: [
    { id: 1, text: 'Бесплатная доставка заказов от 2 000 ₽', url: '/promo-catalog' },
    { id: 2, text: 'Скидка 20% на уход за волосами до конца месяца', url: '/catalog/4-ukhod-za-volosami' },
    { id: 3, text: 'Заберите заказ в магазине уже через 2 часа', url: null },
    { id: 4, text: 'Новинки недели: весенние ароматы', url: '/catalog/51-zhenskaya-parfyumeriya?sort=new' },
  ],
}

/** Ad slots of the main page. */
export const AD_SLOTS: AdSlots = {
  items: (['top', 'middle', 'bottom', 'catalog'] as const).map((placement, index) => ({
    id: `adfox-${placement}`,
    placement,
    ownerId: '123456',
    containerId: `adfox_${placement}_${index + 1}`,
    params: { pp: 'g', ps: 'aurora', p2: placement },
    fallback: { image: mediaImage('ads', placement, 'Реклама: весенняя распродажа'), url: '/promo-catalog' },
  })),
}

/** What shoppers search for most. */
export const POPULAR_SEARCHES: PopularSuggestions = {
  items: [
    'шампунь',
    'крем для рук',
    'тушь',
    'парфюмерная вода',
    'гель для душа',
    'маска для лица',
    'подарочный набор',
    'зубная паста',
  ].map((text) => ({ text })),
}

/** Banks reachable through SBP. */
export const SBP_BANKS: [string, string][] = [
  ['severny', 'Северный банк'],
  ['volga', 'Банк Волга'],
  ['ural-credit', 'Уральский кредит'],
  ['stolichny', 'Столичный банк'],
  ['baikal', 'Банк Байкал'],
  ['baltic', 'Балтийский банк'],
  ['sibir', 'Сибирь-Банк'],
  ['kama', 'Камский банк'],
]

/** Polls of the seed. */
export const POLLS: Poll[] = [
  {
    id: 1,
    title: 'Как вам наш сайт?',
    description: 'Ответьте на три вопроса — это займёт минуту.',
    questions: [
      { id: 1, text: 'Оцените удобство сайта', kind: 'rating', options: [], required: true },
      {
        id: 2,
        text: 'Что вы искали сегодня?',
        kind: 'multiple',
        required: false,
        options: [
          { id: 1, text: 'Уход за лицом' },
          { id: 2, text: 'Макияж' },
          { id: 3, text: 'Парфюмерию' },
          { id: 4, text: 'Товары для дома' },
        ],
      },
      { id: 3, text: 'Что нам улучшить?', kind: 'text', options: [], required: false },
    ],
  },
  {
    id: 2,
    title: 'Оценка заказа',
    description: null,
    questions: [
      {
        id: 1,
        text: 'Как прошла выдача заказа?',
        kind: 'single',
        required: true,
        options: [
          { id: 1, text: 'Быстро и удобно' },
          { id: 2, text: 'Пришлось подождать' },
          { id: 3, text: 'Были проблемы' },
        ],
      },
      { id: 2, text: 'Оцените сотрудников магазина', kind: 'rating', options: [], required: false },
    ],
  },
]

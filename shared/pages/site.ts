/** Head and data of the site-level pages: home, cookie policy, search, registration, incomplete profile. */
import { SITE_NAME } from '../constants.ts'
import type { RoutePage } from '../routing/types.ts'
import { cookiePolicyQuery } from '../queries/content.ts'

/** Home page (`main`). */
export const mainPage: RoutePage<unknown> = {
  meta: () => ({
    title: `${SITE_NAME} — косметика и товары для дома`,
    description: 'Косметика, парфюмерия и товары для дома по выгодным ценам. Акции, новинки и популярные товары в магазинах Аврора.',
    ogType: 'website',
  }),
}

/** Cookie policy (`cookie-policy`): title 'Cookies на {site}' (spec section 2). */
export const cookiePolicyPage: RoutePage<unknown, { policy: ReturnType<typeof cookiePolicyQuery> }> = {
  loaders: () => ({ policy: cookiePolicyQuery() }),
  meta: () => ({
    title: `Cookies на ${SITE_NAME}`,
    description: 'Сайт использует файлы cookie, чтобы запоминать данные для входа и ваши настройки.',
  }),
}

/** Search results (`search`): never indexed. */
export const searchPage: RoutePage<unknown> = {
  meta: (ctx) => {
    const q = typeof ctx.search.q === 'string' ? ctx.search.q.slice(0, 40) : ''
    return {
      title: q ? `«${q}» — поиск на ${SITE_NAME}` : `Поиск — ${SITE_NAME}`,
      description: 'Поиск товаров, брендов и категорий в каталоге Аврора.',
      canonicalPath: '/search',
      robots: 'noindex, follow',
    }
  },
}

/** Registration (`registration`). */
export const registrationPage: RoutePage<unknown> = {
  meta: () => ({ title: `Регистрация — ${SITE_NAME}`, description: 'Личные данные для регистрации в программе лояльности Аврора.', robots: 'noindex' }),
}

/** Incomplete profile (`profile-incomplete`). */
export const incompleteProfilePage: RoutePage<unknown> = {
  meta: () => ({ title: `Заполните профиль — ${SITE_NAME}`, description: 'Заполните недостающие данные профиля, чтобы продолжить.', robots: 'noindex' }),
}

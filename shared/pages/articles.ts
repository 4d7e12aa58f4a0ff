/** Head and data of the articles pages. */
import { SITE_NAME } from '../constants.ts'
import type { RoutePage } from '../routing/types.ts'

/** Article list (`articles`). */
export const articlesPage: RoutePage<unknown> = {
  meta: () => ({ title: `Полезные статьи — ${SITE_NAME}`, description: 'Советы по уходу, подбору косметики и товаров для дома от экспертов Аврора.', canonicalPath: '/articles' }),
}

/** One article (`article`). */
export const articlePage: RoutePage<{ id: number; slug: string }> = {
  meta: (ctx) => ({ title: `Статья ${ctx.params.id} — ${SITE_NAME}`, description: 'Полезная статья от экспертов Аврора.', ogType: 'article' }),
}

/** Head and data of the articles pages. */
import { articleQuery, articlesQuery } from '../queries/articles.ts'
import { href } from '../routing/href.ts'
import { definePage } from '../routing/define-page.ts'
import { promoPageOf } from './promotions.ts'
import { breadcrumbLd, pageDescription, pageTitle } from './seo.ts'

/** Article list (`articles`). */
export const articlesPage = definePage('articles', {
  loaders: (ctx) => ({ articles: articlesQuery(promoPageOf(ctx)) }),
  meta: () => ({
    title: pageTitle('Полезные статьи'),
    description: pageDescription('Советы по уходу, подбору косметики и товаров для дома от экспертов Аврора.'),
    canonicalPath: href('articles'),
    jsonLd: [
      breadcrumbLd([
        { name: 'Главная', path: '/' },
        { name: 'Статьи', path: href('articles') },
      ]),
    ],
  }),
})

/** One article (`article`); a wrong slug redirects to the canonical URL. */
export const articlePage = definePage('article', {
  loaders: (ctx) => ({ article: articleQuery(ctx.params.id) }),
  canonical: (_ctx, data) =>
    data.article ? href('article', { id: data.article.id, slug: data.article.slug }) : undefined,
  meta: (ctx, data) => {
    const article = data.article
    if (!article)
      return {
        title: pageTitle(`Статья ${ctx.params.id}`),
        description: pageDescription('Полезная статья от экспертов Аврора.'),
        ogType: 'article',
      }
    const path = href('article', { id: article.id, slug: article.slug })
    return {
      title: pageTitle(article.title),
      description: pageDescription(article.excerpt),
      canonicalPath: path,
      ogType: 'article',
      ogImage: article.image.url,
      jsonLd: [
        breadcrumbLd([
          { name: 'Главная', path: '/' },
          { name: 'Статьи', path: href('articles') },
          { name: article.title, path },
        ]),
      ],
    }
  },
})

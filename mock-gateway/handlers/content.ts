/** Cookie policy, latest build, icons and articles. */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { getArticle, getCookiePolicy, getIcon, getLatestBuild, listArticles } from '#shared/gateway/content.ts'
import { notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { goodsCards, paginate } from '../http/views.ts'
import { COOKIE_POLICY } from '../seed/static-content.ts'
import type { MockState } from '../state.ts'
import { iconSvg } from './icons.ts'
import { articleCard } from './main-page.ts'

/** Handlers of the content calls, plus icons and the build id at the mock's root. */
export function contentHandlers(state: MockState): HttpHandler[] {
  const buildId = `mock-${state.config.seed}`
  return [
    mockEndpoint(state, getCookiePolicy, () => COOKIE_POLICY, CACHEABLE),
    mockEndpoint(state, getLatestBuild, () => ({ buildId })),
    mockEndpoint(state, getIcon, ({ params }) => iconSvg(params.name) ?? notFound('Иконка не найдена'), CACHEABLE),
    http.get('*/assets/svg/icons/:project/:name.svg', ({ params }) => {
      const svg = iconSvg(String(params.name))
      return svg
        ? new HttpResponse(svg, {
            headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
          })
        : notFound('Иконка не найдена')
    }),
    http.get('*/builds/latest.json', () => HttpResponse.json({ buildId })),
    mockEndpoint(
      state,
      listArticles,
      ({ query }) => {
        const items = state.db.articles
          .findMany()
          .filter((a) => !query.tag || a.tags.includes(query.tag))
          .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
        return paginate(items.map(articleCard), query.page, query.pageSize ?? 12)
      },
      CACHEABLE,
    ),
    mockEndpoint(
      state,
      getArticle,
      ({ params }) => {
        const record = state.db.articles.findFirst((q) => q.where({ id: params.id }))
        if (!record) return notFound('Статья не найдена')
        const { goodsIds, ...article } = record
        return { ...article, goods: goodsCards(state, goodsIds) }
      },
      CACHEABLE,
    ),
  ]
}

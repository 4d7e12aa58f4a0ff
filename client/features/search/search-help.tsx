/**
 * `<SearchHelp q>`: what a search that found nothing offers instead (loaded only then): «Возможно,
 * вы имели в виду …» when a close query finds goods, the popular searches («Часто ищут») and the
 * catalogue's popular goods. Each part shows once its data is in; a failed one is left out.
 */
import useSWR from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { goodsListArgs, goodsListQuery, listStateFromSearch } from '#shared/queries/catalog.ts'
import { popularSuggestionsQuery, suggestionsQuery } from '#shared/queries/search.ts'
import { href } from '#shared/routing/href.ts'
import { useApi } from '#client/context/app-context.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { CardRail } from '#client/features/catalog/goods-rail.tsx'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'
import { correctQuery } from './did-you-mean.ts'

/** Popular goods shown under an empty result. */
const POPULAR_GOODS = 8

/** The catalogue's first page in its default (popular) order. */
const popularGoods = () => goodsListQuery(goodsListArgs(listStateFromSearch({})))

/**
 * A close query that finds goods, or null: the words of the suggestions for the query's start and of
 * the popular searches are the vocabulary; the correction is offered only when the gateway finds goods for it.
 */
async function closeQuery(api: ApiClient, q: string): Promise<string | null> {
  const start = q.slice(0, Math.max(3, q.length - 2))
  const [suggestions, popular] = await Promise.all([
    suggestionsQuery(start)
      .fetch(api)
      .catch(() => undefined),
    popularSuggestionsQuery()
      .fetch(api)
      .catch(() => undefined),
  ])
  const known = [
    ...(suggestions?.items ?? []).map((item) => item.text),
    ...(popular?.items ?? []).map((item) => item.text),
  ]
  const candidate = correctQuery(q, known)
  if (!candidate || candidate === q.toLocaleLowerCase('ru-RU')) return null
  const found = await goodsListQuery(goodsListArgs(listStateFromSearch({}), { q: candidate })).fetch(api)
  return found.total > 0 ? candidate : null
}

/** Help for a search without results. */
export function SearchHelp({ q }: { q: string }) {
  const api = useApi()
  const { data: meant } = useSWR(q ? ['search.didYouMean', q] : null, () => closeQuery(api, q))
  const { data: popular } = useQuery(popularSuggestionsQuery())
  const { data: goods } = useQuery(popularGoods())
  const searches = (popular?.items ?? []).map((item) => item.text).filter((text) => text !== q)
  return (
    <div className="search-help">
      {meant && (
        <p className="search-help__meant">
          Возможно, вы имели в виду{' '}
          <PrefetchLink href={href('search', {}, { q: meant })} className="search-help__meant-link">
            «{meant}»
          </PrefetchLink>
        </p>
      )}
      {searches.length > 0 && (
        <section className="search-page__popular" aria-labelledby="search-help-popular">
          <h2 id="search-help-popular" className="section-title">
            Часто ищут
          </h2>
          <ul className="chips">
            {searches.map((text) => (
              <li key={text}>
                <PrefetchLink href={href('search', {}, { q: text })} className="chip" prefetch={false}>
                  {text}
                </PrefetchLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {goods && (
        <CardRail
          id="search-help-goods"
          title="Популярные товары"
          items={goods.items.slice(0, POPULAR_GOODS)}
          list="search-empty"
        />
      )}
    </div>
  )
}

/**
 * Favorites (route `favorites`, guard `authorized`): the signed-in shopper's favorite goods as product
 * cards, most recently added first; the heart of a card removes it. Without a session the page frame
 * asks to sign in and the login dialog opens by itself; with favorites off the page is not found.
 */
import { useCallback, useEffect, useRef } from 'react'
import type { Goods, GoodsCard } from '#shared/models/goods.ts'
import { goodsOf } from '#shared/queries/goods.ts'
import type { favoritesPage } from '#shared/routes/favorites.ts'
import { goodsQuery } from '#shared/queries/goods.ts'
import { toCardShape } from '#shared/queries/views.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { ErrorView } from '#client/components/errors/error-views.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { ProductCard } from '#client/features/catalog/product-card.tsx'
import { useFavorites, type FavoritesApi } from '#client/features/product/use-favorites.ts'
import { countLabel } from '#client/lib/format.ts'
import type { QueriesOf, ViewProps } from '../registry.ts'

const TITLE = 'Избранное'

/** The list card of full goods. */
export const cardOfGoods = ({
  images,
  description: _d,
  composition: _c,
  usage: _u,
  volume: _v,
  country: _o,
  stock: _s,
  ...goods
}: Goods): GoodsCard => ({ ...goods, image: images[0] ?? null })

/** The favorites page. */
export function Page({ queries }: ViewProps<'favorites', typeof favoritesPage>) {
  const { session, config, openLogin, refreshSession } = useApp()
  const asked = useRef(false)
  const signIn = useCallback(async () => {
    if (await openLogin({ reason: 'Войдите, чтобы увидеть избранное' })) void refreshSession()
  }, [openLogin, refreshSession])
  useEffect(() => {
    if (session.authorized || asked.current) return
    asked.current = true
    void signIn()
  }, [session.authorized, signIn])

  if (!config.favoritesAvailable) return <ErrorView status={404} />
  return (
    <div className="favorites-page">
      <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: TITLE }]} />
      <h1 className="page-title">{TITLE}</h1>
      {session.authorized ? (
        <FavoritesList favoritesQuery={queries.favorites} />
      ) : (
        <EmptyState
          icon="user"
          title="Войдите, чтобы продолжить"
          text="Избранные товары сохраняются в вашем профиле и доступны после входа по номеру телефона."
          action={<Button onClick={() => void signIn()}>Войти</Button>}
        />
      )}
    </div>
  )
}

function FavoritesList({ favoritesQuery }: { favoritesQuery: QueriesOf<typeof favoritesPage>['favorites'] }) {
  const { data, error } = useQuery(favoritesQuery)
  const favorites = useFavorites()
  if (error && !data) return <ErrorView status={500} />
  if (!data)
    return (
      <p className="text-muted" aria-busy="true">
        Загружаем избранное…
      </p>
    )
  if (data.goodsIds.length === 0) {
    return (
      <EmptyState
        icon="heart"
        title="В избранном пока пусто"
        text="Нажмите на сердечко у товара, чтобы сохранить его здесь."
        action={<ButtonLink href={href('catalog')}>Перейти в каталог</ButtonLink>}
      />
    )
  }
  return (
    <>
      <p className="text-muted" aria-live="polite">
        {countLabel(data.goodsIds.length, ['товар', 'товара', 'товаров'])}
      </p>
      <ul className="product-grid" aria-label="Избранные товары">
        {data.goodsIds.map((id) => (
          <FavoriteItem key={id} goodsId={id} favorites={favorites} />
        ))}
      </ul>
    </>
  )
}

function FavoriteItem({ goodsId, favorites }: { goodsId: number; favorites: FavoritesApi }) {
  const { data } = useQuery(goodsQuery(goodsId))
  const goods = goodsOf(data)
  if (!goods) return <li className="goods-list__placeholder" aria-hidden="true" />
  return (
    <li className="goods-list__item">
      <ProductCard goods={toCardShape(cardOfGoods(goods))} favorites={favorites} />
    </li>
  )
}

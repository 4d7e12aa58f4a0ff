/**
 * Favorites of the signed-in shopper: only when `config.favoritesAvailable`; the list is personal and
 * read in the browser after hydration (never in the cached anonymous HTML). An anonymous shopper is
 * asked to sign in first.
 */
import { useCallback, useMemo } from 'react'
import { favoritesQuery } from '#shared/queries/favorites.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { useHydratedFor } from '#client/components/ui/use-hydrated.ts'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'

/** What `useFavorites()` gives. */
export interface FavoritesApi {
  /** Favorites are offered at all (config). */
  enabled: boolean
  has: (goodsId: number) => boolean
  /** Adds or removes; signs in first when needed. */
  toggle: (goodsId: number) => Promise<void>
}

/** Favorites state and the toggle action. */
export function useFavorites(): FavoritesApi {
  const { config, session, api, openLogin } = useApp()
  const enabled = config.favoritesAvailable
  // Only a signed-in shopper's list is read, after hydration: an anonymous page (the home page calls
  // this once for all its rails) is not re-rendered as a whole right after hydrating.
  const reading = useHydratedFor(enabled && session.authorized)
  const toast = useToast()
  const { track } = useAnalytics()
  const { data } = useQuery(reading ? favoritesQuery() : null)
  const ids = data?.goodsIds

  const toggle = useCallback(
    async (goodsId: number) => {
      if (!session.authorized && !(await openLogin({ reason: 'Войдите, чтобы добавлять товары в избранное' }))) return
      const present = ids?.includes(goodsId) ?? false
      try {
        // The toggle's code loads with the first press.
        const { toggleFavorite } = await import('./favorite-toggle.ts')
        await toggleFavorite(api, goodsId, present, track, toast)
      } catch {
        toast.show({
          theme: 'error',
          type: 'favorite-failed',
          title: 'Не удалось изменить избранное',
          description: 'Попробуйте ещё раз',
        })
      }
    },
    [session.authorized, openLogin, ids, api, track, toast],
  )

  // One object while nothing changes: a memoized page of cards (goods-list.tsx) takes it as a prop.
  return useMemo(() => ({ enabled, has: (goodsId) => ids?.includes(goodsId) ?? false, toggle }), [enabled, ids, toggle])
}

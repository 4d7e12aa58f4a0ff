/**
 * Favorites of the signed-in shopper: only when `config.favoritesAvailable`; the list is personal and
 * read in the browser after hydration (never in the cached anonymous HTML). An anonymous shopper is
 * asked to sign in first.
 *
 * A list of cards takes one `FavoritesApi` as a prop, and it stays the same object while the list is
 * mounted: signing in and the list's arrival render only the hearts that subscribed to it
 * (`useIsFavorite`), not every card of the page (decision 032).
 */
import { useCallback, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react'
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
  /** Whether the goods is a favorite now; a render reads it through `useIsFavorite`. */
  has: (goodsId: number) => boolean
  /** Calls `onChange` whenever the list changes; answers the unsubscribe. */
  subscribe: (onChange: () => void) => () => void
  /** Adds or removes; signs in first when needed. */
  toggle: (goodsId: number) => Promise<void>
}

/** The favorite ids as last read, who listens for a change, and whether the shopper is signed in. */
function favoriteIds(initial: readonly number[] | undefined, authorized: boolean) {
  let ids = initial
  const listeners = new Set<() => void>()
  return {
    authorized,
    has: (goodsId: number) => ids?.includes(goodsId) ?? false,
    subscribe: (onChange: () => void) => {
      listeners.add(onChange)
      return () => void listeners.delete(onChange)
    },
    set(next: readonly number[] | undefined) {
      if (next !== ids) {
        ids = next
        listeners.forEach((listener) => listener())
      }
    },
  }
}

const never = () => false

/** Whether `goodsId` is a favorite, rendering again only when that answer changes. */
export function useIsFavorite(favorites: FavoritesApi, goodsId: number): boolean {
  // The server and hydration never have the list (it is read after hydration).
  return useSyncExternalStore(favorites.subscribe, () => favorites.has(goodsId), never)
}

/** Favorites state and the toggle action. */
export function useFavorites(): FavoritesApi {
  const { config, session, api, openLogin } = useApp()
  const enabled = config.favoritesAvailable
  // Only a signed-in shopper's list is read, after hydration: an anonymous page is not re-rendered
  // right after hydrating.
  const reading = useHydratedFor(enabled && session.authorized)
  const toast = useToast()
  const { track } = useAnalytics()
  const { data } = useQuery(reading ? favoritesQuery() : null)
  const ids = data?.goodsIds
  const [store] = useState(() => favoriteIds(ids, session.authorized))
  // Before the browser paints: a heart never shows an older list than the page's.
  useLayoutEffect(() => {
    store.authorized = session.authorized
    store.set(ids)
  })

  // One function for the list's life: it reads the session and the list when pressed.
  const toggle = useCallback(
    async (goodsId: number) => {
      if (!store.authorized && !(await openLogin({ reason: 'Войдите, чтобы добавлять товары в избранное' }))) return
      const present = store.has(goodsId)
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
    [store, openLogin, api, track, toast],
  )

  return useMemo(() => ({ enabled, has: store.has, subscribe: store.subscribe, toggle }), [enabled, store, toggle])
}

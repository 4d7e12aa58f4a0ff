/**
 * Adding goods to the favorites or removing them: loaded with the first press of a heart
 * (use-favorites.ts), since most visits never press one; the favorites' endpoint definitions and
 * schemas come with the call (decision 007).
 */
import { mutate, unstable_serialize } from 'swr'
import type { ApiClient } from '#shared/api/client.ts'
import { favoritesQuery } from '#shared/queries/favorites.ts'
import type { Analytics } from '#client/analytics/analytics-provider.tsx'
import type { ToastApi } from '#client/components/toasts/toast-provider.tsx'

/** Adds the goods (or removes them when `present`, with «Вернуть» in the toast), updates the list, sends the event and says so; throws when the call fails. */
export async function toggleFavorite(
  api: ApiClient,
  goodsId: number,
  present: boolean,
  track: Analytics['track'],
  toast: ToastApi,
): Promise<void> {
  const { addFavorite, deleteFavorite } = await import('#shared/gateway/favorites.ts')
  const next = await api.call(present ? deleteFavorite : addFavorite, { body: { goodsId } })
  await mutate(unstable_serialize(favoritesQuery().key), next, { revalidate: false })
  track(present ? 'product_favorite_remove' : 'product_favorite_add', { product_id: String(goodsId) })
  if (!present) {
    toast.show({ theme: 'success', type: 'favorite-added', title: 'Товар добавлен в избранное' })
    return
  }
  // A heart pressed by mistake is undone from the toast, as a removed cart line is.
  toast.show({
    theme: 'info',
    type: 'favorite-removed',
    title: 'Товар удалён из избранного',
    buttonLabel: 'Вернуть',
    onButtonClick: () => {
      toggleFavorite(api, goodsId, false, track, toast).catch(() =>
        toast.show({
          theme: 'error',
          type: 'favorite-failed',
          title: 'Не удалось вернуть товар в избранное',
          description: 'Попробуйте ещё раз',
        }),
      )
    },
  })
}

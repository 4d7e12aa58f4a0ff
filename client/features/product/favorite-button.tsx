/** `<FavoriteButton goodsId>`: the heart toggle of cards and product pages (only when favorites are available). */
import { IconButton } from '#client/components/ui/button.tsx'
import { useIsFavorite, type FavoritesApi } from './use-favorites.ts'

export interface FavoriteButtonProps {
  goodsId: number
  favorites: FavoritesApi
  className?: string
  size?: 'sm' | 'md' | 'lg'
  variant?: 'ghost' | 'secondary'
  /** The label as a tooltip too (default); a list of cards repeats the heart, so cards leave it out. */
  tooltip?: boolean
}

/** Heart toggle with `aria-pressed`; it alone renders again when its goods enter or leave the list. */
export function FavoriteButton({
  goodsId,
  favorites,
  className,
  size = 'md',
  variant = 'ghost',
  tooltip = true,
}: FavoriteButtonProps) {
  const active = useIsFavorite(favorites, goodsId)
  if (!favorites.enabled) return null
  return (
    <IconButton
      icon={active ? 'heart-filled' : 'heart'}
      label={active ? 'Убрать из избранного' : 'В избранное'}
      pressed={active}
      size={size}
      variant={variant}
      className={className}
      tooltip={tooltip}
      onClick={() => void favorites.toggle(goodsId)}
    />
  )
}

/** `<Rating value count>`: five stars drawn in CSS (visible without JS) with an accessible text. */
import { countLabel, formatNumber } from '#client/lib/format.ts'
import { cx } from './class-names.ts'

/** Props of `Rating`. */
export interface RatingProps {
  /** 0 to 5. */
  value: number
  /** Number of reviews, shown after the stars when given. */
  count?: number
  size?: 'sm' | 'md' | 'lg'
  /** Show the number next to the stars (`4,6`). Default true. */
  showValue?: boolean
  className?: string
}

const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const

/** Star rating; the stars are decorative, the text says `Рейтинг 4,6 из 5`. */
export function Rating({ value, count, size = 'md', showValue = true, className }: RatingProps) {
  const clamped = Math.min(5, Math.max(0, value))
  const rounded = Math.round(clamped * 10) / 10
  return (
    <span className={cx('rating', `rating--${size}`, className)}>
      <span className="rating__stars" aria-hidden="true">
        <span className="rating__fill" style={{ width: `${(clamped / 5) * 100}%` }} />
      </span>
      <span className="visually-hidden">Рейтинг {formatNumber(rounded)} из 5</span>
      {showValue && (
        <span className="rating__value" aria-hidden="true">
          {formatNumber(rounded)}
        </span>
      )}
      {count !== undefined && <span className="rating__count">{countLabel(count, REVIEW_FORMS)}</span>}
    </span>
  )
}

/** `<Rating value count>`: five stars drawn in CSS (visible without JS) with an accessible text. */
import type { CSSProperties } from 'react'
import { countLabel, formatNumber } from '#client/lib/format.ts'
import { cx } from './class-names.ts'

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

/**
 * Star rating; the text says `Рейтинг 4,6 из 5`. The stars are the root's `::before` (CSS content
 * with an empty text alternative, so screen readers skip them), filled to `--fill`: one element
 * less per card than a stars-and-fill pair, and one text node so React adds no comment markers.
 */
export function Rating({ value, count, size = 'md', showValue = true, className }: RatingProps) {
  const clamped = Math.min(5, Math.max(0, value))
  const shown = formatNumber(Math.round(clamped * 10) / 10)
  const style = { '--fill': `${Math.round(clamped * 200) / 10}%` } as CSSProperties
  return (
    <span className={cx('rating', `rating--${size}`, className)} style={style}>
      <span className="visually-hidden">{`Рейтинг ${shown} из 5${count === undefined ? '' : ', '}`}</span>
      {showValue && (
        <span className="rating__value" aria-hidden="true">
          {shown}
        </span>
      )}
      {count !== undefined && <span className="rating__count">{countLabel(count, REVIEW_FORMS)}</span>}
    </span>
  )
}

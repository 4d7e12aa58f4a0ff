/** `<Skeleton>`: a grey placeholder block with a shimmer (still under prefers-reduced-motion). */
import type { CSSProperties } from 'react'
import { cx } from './class-names.ts'

export interface SkeletonProps {
  variant?: 'text' | 'rect' | 'circle'
  /** CSS length or px. Default 100%. */
  width?: number | string
  /** CSS length or px. Default 1em for text, 100% for rect. */
  height?: number | string
  /** Width/height ratio instead of a height (`1` for square images). */
  aspectRatio?: number
  /** Text lines (the last one shorter). */
  lines?: number
  className?: string
}

/** Placeholder while content loads; hidden from assistive technology. */
export function Skeleton({ variant = 'rect', width, height, aspectRatio, lines = 1, className }: SkeletonProps) {
  const style: CSSProperties = { width, height, aspectRatio }
  if (variant === 'text' && lines > 1) {
    return (
      <span className={cx('skeleton-lines', className)} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="skeleton skeleton--text" style={i === lines - 1 ? { width: '60%' } : undefined} />
        ))}
      </span>
    )
  }
  return <span className={cx('skeleton', `skeleton--${variant}`, className)} style={style} aria-hidden="true" />
}

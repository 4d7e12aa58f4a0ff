/** `<Spinner size label?>`: a rotating ring; a status with its label, decorative without. */
import { cx } from './class-names.ts'

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg'
  /** Announced text ('Загрузка'); without it the spinner is decorative. */
  label?: string
  className?: string
}

/** Loading indicator (the CSS stops the rotation under prefers-reduced-motion). */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = cx('spinner', `spinner--${size}`, className)
  if (!label) return <span className={classes} aria-hidden="true" />
  return (
    <span className={classes} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

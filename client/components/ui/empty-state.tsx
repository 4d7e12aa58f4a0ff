/** `<EmptyState title text icon action>`: a centred message for an empty list or a missing thing. */
import type { ReactNode } from 'react'
import { Icon, type IconName } from '../icon.tsx'
import { cx } from './class-names.ts'

export interface EmptyStateProps {
  title: ReactNode
  text?: ReactNode
  icon?: IconName
  /** A button or link. */
  action?: ReactNode
  /** Heading level of the title. Default 2. */
  headingLevel?: 1 | 2 | 3
  /** Id of the heading (to focus it or label a region). */
  headingId?: string
  className?: string
}

/** Empty or error message with an optional action. */
export function EmptyState({ title, text, icon, action, headingLevel = 2, headingId, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className={cx('empty-state', className)}>
      {icon && (
        <span className="empty-state__icon">
          <Icon name={icon} size={40} />
        </span>
      )}
      <Heading className="empty-state__title" id={headingId} tabIndex={headingLevel === 1 ? -1 : undefined}>
        {title}
      </Heading>
      {text && <p className="empty-state__text">{text}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  )
}

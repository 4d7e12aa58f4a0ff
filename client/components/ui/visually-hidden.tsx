/** `<VisuallyHidden>`: text for screen readers only. */
import type { ReactNode } from 'react'

/** Props of `VisuallyHidden`. */
export interface VisuallyHiddenProps {
  children: ReactNode
  /** Render a `div` instead of a `span`. */
  block?: boolean
  id?: string
}

/** Hides its content visually while keeping it in the accessibility tree. */
export function VisuallyHidden({ children, block, id }: VisuallyHiddenProps) {
  const Tag = block ? 'div' : 'span'
  return (
    <Tag className="visually-hidden" id={id}>
      {children}
    </Tag>
  )
}

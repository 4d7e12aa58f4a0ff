/**
 * `ButtonLink`: a link that looks like a button: client-side navigation for our routes, a plain `<a>`
 * for external addresses. Apart from button.tsx, whose `Button` the cookie banner of every page
 * hydrates, so the pages that show no button link do not carry it.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { Link } from 'wouter'
import { ButtonContent, buttonClass, type ButtonLookProps } from './button.tsx'

export interface ButtonLinkProps extends ButtonLookProps, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string
  /** An address outside the storefront: a plain `<a>` (no client-side navigation). */
  external?: boolean
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
}

/** A link styled as a button. */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  iconStart,
  iconEnd,
  className,
  children,
  href,
  external,
  ...rest
}: ButtonLinkProps) {
  const classes = buttonClass({ variant, size, fullWidth }, className)
  const content = (
    <ButtonContent iconStart={iconStart} iconEnd={iconEnd} size={size}>
      {children}
    </ButtonContent>
  )
  if (external) {
    return (
      <a href={href} className={classes} {...rest}>
        {content}
      </a>
    )
  }
  return (
    <Link href={href} className={classes} {...rest}>
      {content}
    </Link>
  )
}

/**
 * The home sections' frame: a link to a storefront path or an absolute address, and a section's
 * heading with its 'Смотреть все' link. Both the hydrated rails (home-blocks.tsx) and the blocks
 * without state (static-blocks.tsx) use them; the build keeps this module in the shell's chunk.
 */
import type { AnchorHTMLAttributes } from 'react'
import { PrefetchLink } from '#client/features/prefetch/prefetch-link.tsx'

const internal = (url: string) => url.startsWith('/') && !url.startsWith('//')

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  url: string
  label?: string | undefined
}

/** A link to a storefront path (client-side, prefetched) or to an absolute address (plain). */
export function SmartLink({ url, label, ...rest }: SmartLinkProps) {
  return internal(url) ? (
    <PrefetchLink href={url} aria-label={label} {...rest} />
  ) : (
    <a href={url} aria-label={label} {...rest} />
  )
}

/** A home section's title with an optional 'Смотреть все' link. */
export function SectionHeader({ id, title, more }: { id: string; title: string; more?: string | null | undefined }) {
  return (
    <div className="section__header">
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {more && (
        <SmartLink url={more} className="section__more">
          Смотреть все
        </SmartLink>
      )}
    </div>
  )
}

/** The Аврора logo: a rising-sun mark and the word, drawn inline (no request, visible before JS). */

export interface LogoProps {
  /** Show the word next to the mark. Default true. */
  withText?: boolean
}

/** Brand logo (decorative: the link around it carries the name). */
export function Logo({ withText = true }: LogoProps) {
  return (
    <span className="logo" aria-hidden="true">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" focusable="false">
        <circle cx="16" cy="16" r="16" className="logo__disc" />
        <path d="M7 20a9 9 0 0 1 18 0" className="logo__sun" />
        <path d="M5 24h22" className="logo__horizon" />
        <path d="M16 6v3M9 9l2 2M23 9l-2 2" className="logo__rays" />
      </svg>
      {withText && <span className="logo__text">Аврора</span>}
    </span>
  )
}

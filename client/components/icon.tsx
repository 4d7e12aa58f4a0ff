/**
 * `<Icon name size label?>`: an icon file of spec section 7 inlined as SVG (so it takes the text
 * colour). The wrapper reserves its size, so nothing shifts when the icon arrives. Decorative
 * (`aria-hidden`) unless a label is given. The server renders the empty wrapper and never fetches.
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import { iconLoader, iconUrl, type IconName } from './icon-loader.ts'

export type { IconName } from './icon-loader.ts'

export interface IconProps {
  name: IconName
  /** Width and height in px. Default 24. `null`: the stylesheet sizes it (icon buttons, so each repeated button carries no inline style). */
  size?: number | null
  /** Accessible name; without it the icon is decorative. */
  label?: string
  className?: string
}

const DEFAULT_PROJECT = 'aurora'

/** The icon set's folder (the config's `product`); the app root provides it, so the design system needs no app context. */
export const IconProjectContext = createContext(DEFAULT_PROJECT)
const noopSubscribe = () => () => {}
const serverSnapshot = () => undefined

/** Inline SVG icon from `/assets/svg/icons/{project}/{name}.svg`. */
export function Icon({ name, size = 24, label, className }: IconProps) {
  const project = useContext(IconProjectContext)
  const url = iconUrl(project, name)
  const loader = import.meta.env.SSR ? undefined : iconLoader()
  const svg = useSyncExternalStore(loader?.subscribe ?? noopSubscribe, () => loader?.get(url), serverSnapshot)

  useEffect(() => {
    void iconLoader().load(url)
  }, [url])

  const labelled = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      style={size === null ? undefined : { width: size, height: size }}
      data-icon={name}
      {...labelled}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  )
}

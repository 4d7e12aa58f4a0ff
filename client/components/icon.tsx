/**
 * `<Icon name size label?>`: an icon of spec section 7's icon path, drawn from the project's sprite
 * (`/assets/svg/icons/{project}/all.svg`, one `<symbol>` per icon file, made by the build) with
 * `<use>`. The server's HTML carries it, so icons show without JavaScript and hydration commits nothing
 * for them; the browser fetches the sprite once for every icon of the page. It takes the text colour
 * (`currentColor`) and has its size before the sprite arrives, so nothing shifts. If the sprite fails
 * to load the icon shows nothing (the failure is logged by `reportIconSpriteFailure`). Decorative
 * (`aria-hidden`) unless a label is given.
 */
import { createContext, useContext } from 'react'
import type { IconName } from './icon-names.ts'

export type { IconName } from './icon-names.ts'

export interface IconProps {
  name: IconName
  /** Width and height in px. Default 24. `null`: the stylesheet sizes it (icon buttons, so each repeated button carries no size of its own). */
  size?: number | null
  /** Accessible name; without it the icon is decorative. */
  label?: string
  className?: string
  /**
   * The icon is all a control shows, and the control is named (`aria-label`): the control's stylesheet
   * sizes the icon (`.icon-btn > svg`), so it carries no class or size of its own (the cards repeat it
   * dozens of times). Still `aria-hidden`: Chromium exposes an unnamed `<svg>` as an image.
   */
  inLabelledControl?: boolean
}

const DEFAULT_PROJECT = 'aurora'

/** The icon set's folder (the config's `product`); the app root provides it, so the design system needs no app context. */
export const IconProjectContext = createContext(DEFAULT_PROJECT)

/** Where the store serves a project's icon sprite. */
export const iconSpriteUrl = (project: string): string => `/assets/svg/icons/${encodeURIComponent(project)}/all.svg`

/**
 * The icons of most pages' first screen: the header's and the cards' heart. Every page's HTML carries
 * their symbols (`<symbol id="i-{name}">` after `<body>`), so the first paint draws them
 * and the sprite's arrival restyles none of them (the longest task after a category page's first paint
 * was that restyle of 33 icons). The others come from the sprite.
 */
export const INLINE_ICONS: readonly IconName[] = [
  'heart',
  'catalog',
  'percent',
  'search',
  'user',
  'location',
  'chevron-down',
]

/** An icon from the page's inline symbols or the sprite of `/assets/svg/icons/{project}/`. */
export function Icon({ name, size = 24, label, className, inLabelledControl = false }: IconProps) {
  const project = useContext(IconProjectContext)
  const use = <use href={INLINE_ICONS.includes(name) ? `#i-${name}` : `${iconSpriteUrl(project)}#${name}`} />
  if (inLabelledControl) return <svg aria-hidden>{use}</svg>
  const labelled = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size ?? undefined}
      height={size ?? undefined}
      {...labelled}
    >
      {use}
    </svg>
  )
}

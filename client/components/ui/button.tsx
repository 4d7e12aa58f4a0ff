/**
 * Buttons: `Button` (a real `<button>`) and `IconButton`; `ButtonLink` (a link that looks like a
 * button) is button-link.tsx, so a page that shows none does not carry it.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { cx } from './class-names.ts'
import { Spinner } from './spinner.tsx'
import { Icon, type IconName } from '../icon.tsx'

// The caller's own attributes (`...rest`) are spread last in every element here. They cannot hold the
// ones set here (those are destructured or left out of the props types), and measured with React's
// string renderer, an element whose props begin with the spread and add keys after it renders three
// times slower (an icon button: 9.3 µs against 2.9), which a list of 24 cards repeats.

/** Visual variants shared by buttons and button links. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
/** Sizes shared by buttons and button links. */
export type ButtonSize = 'sm' | 'md' | 'lg'

/** The look of a button or a button link. */
export interface ButtonLookProps {
  variant?: ButtonVariant
  size?: ButtonSize
  fullWidth?: boolean
  /** Icon before the text. */
  iconStart?: IconName
  /** Icon after the text. */
  iconEnd?: IconName
}

/** The class list of a button look (for elements that cannot use these components). */
export function buttonClass(
  { variant = 'primary', size = 'md', fullWidth }: ButtonLookProps,
  ...extra: Array<string | undefined | false>
): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, fullWidth && 'btn--full', ...extra)
}

const iconSize = (size: ButtonSize | undefined) => (size === 'sm' ? 16 : 20)

/** A button's icons and label. */
export function ButtonContent({ iconStart, iconEnd, size, children }: ButtonLookProps & { children: ReactNode }) {
  return (
    <>
      {iconStart && <Icon name={iconStart} size={iconSize(size)} className="btn__icon" />}
      <span className="btn__label">{children}</span>
      {iconEnd && <Icon name={iconEnd} size={iconSize(size)} className="btn__icon" />}
    </>
  )
}

export interface ButtonProps extends ButtonLookProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy'> {
  /** Shows a spinner, disables the button and sets `aria-busy`; the label stays for screen readers. */
  loading?: boolean
}

/** A button; `type` defaults to 'button' so it never submits a form by accident. */
export function Button({
  variant,
  size,
  fullWidth,
  iconStart,
  iconEnd,
  loading,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, fullWidth }, loading && 'btn--loading', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" className="btn__spinner" />}
      <ButtonContent iconStart={iconStart} iconEnd={iconEnd} size={size}>
        {children}
      </ButtonContent>
    </button>
  )
}

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-label' | 'aria-pressed' | 'children'
> {
  icon: IconName
  label: string
  variant?: 'ghost' | 'secondary' | 'primary'
  size?: ButtonSize
  /** Pressed state for toggles (favorites): sets `aria-pressed`. */
  pressed?: boolean
  /** Show the label as a tooltip too (default). Off where the icon speaks for itself and repeats many times (the cards' heart). */
  tooltip?: boolean
}

/**
 * A square button showing only an icon, named by `label` (also its tooltip unless `tooltip` is false).
 * The ghost variant and the md size are the class-less defaults: the cards' hearts repeat the button.
 */
export function IconButton({
  icon,
  label,
  variant = 'ghost',
  size = 'md',
  pressed,
  tooltip = true,
  className,
  type = 'button',
  title,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'icon-btn',
        variant !== 'ghost' && `icon-btn--${variant}`,
        size !== 'md' && `icon-btn--${size}`,
        className,
      )}
      aria-label={label}
      aria-pressed={pressed}
      title={title ?? (tooltip ? label : undefined)}
      {...rest}
    >
      <Icon name={icon} size={null} inLabelledControl />
    </button>
  )
}

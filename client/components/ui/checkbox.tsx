/** `<Checkbox>` and `<Switch>`: native checkboxes (they work in forms without JS) with custom looks. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { cx } from './class-names.ts'

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'size' | 'aria-invalid' | 'aria-describedby'
> {
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
}

function Check({
  label,
  hint,
  error,
  className,
  id,
  role,
  kind,
  ...inputProps
}: CheckboxProps & { kind: 'checkbox' | 'switch' }) {
  const autoId = useId()
  const inputId = id ?? `check-${autoId}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  return (
    <div className={cx('check', `check--${kind}`, error && 'check--invalid', className)}>
      {/* The caller's attributes last: they hold none of these, and spread first they render three times slower (button.tsx). */}
      <input
        type="checkbox"
        role={role}
        id={inputId}
        className="check__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...inputProps}
      />
      <label className="check__label" htmlFor={inputId}>
        <span className="check__box" aria-hidden="true" />
        <span className="check__text">{label}</span>
      </label>
      {hint && (
        <p className="check__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="check__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

/** A checkbox with its label. */
export function Checkbox(props: CheckboxProps) {
  return <Check {...props} kind="checkbox" />
}

/** An on/off switch (`role="switch"` on a native checkbox), e.g. a marketing consent. */
export function Switch(props: CheckboxProps) {
  return <Check {...props} kind="switch" role="switch" />
}

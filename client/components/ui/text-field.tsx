/**
 * `<TextField label hint error mask>`: a labelled text input with a hint and an error text wired
 * through `aria-describedby`/`aria-invalid`, and an optional input mask of `shared/masks.ts`
 * (pattern, number or charset mode). Works controlled (`value`) or uncontrolled (`defaultValue`).
 */
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react'
import {
  applyCharsetMask,
  applyMask,
  formatNumberInput,
  unmask,
  type CharsetMask,
  type NumberMaskOptions,
} from '#shared/masks.ts'
import { cx } from './class-names.ts'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'children'> {
  label: string
  /** Keep the label for screen readers only (a search box with a visible button). */
  hideLabel?: boolean
  hint?: ReactNode
  /** Error text; sets `aria-invalid` and is read with the field. */
  error?: string | undefined
  /** Pattern mask: '#' digit, '@' letter, '*' letter or digit (spec section 5). */
  mask?: string
  /** Number mode (fraction length, locale, unsigned). */
  numberMask?: NumberMaskOptions
  /** Free-length mask (allowed characters, max length). */
  charsetMask?: CharsetMask
  /** A field-specific formatter (a phone that reads the prefixes Russians type); wins over the masks. */
  format?: (text: string) => string
  /** Called with the masked text and the raw text (the characters typed into the mask's places; the same text without a pattern mask). */
  onValueChange?: (value: string, raw: string) => void
  /** Content at the end of the input (a clear button, a unit). */
  end?: ReactNode
}

const MEANINGFUL = /[\p{L}\d]/u

/** Index in `text` just after the n-th letter or digit (caret placement after masking). */
function indexAfterMeaningful(text: string, count: number): number {
  if (count <= 0) return 0
  let seen = 0
  for (let i = 0; i < text.length; i++) {
    if (MEANINGFUL.test(text[i]!) && ++seen === count) return i + 1
  }
  return text.length
}

/** Labelled input with hint, error and optional mask. */
export function TextField({
  label,
  hideLabel,
  hint,
  error,
  mask,
  numberMask,
  charsetMask,
  format: customFormat,
  onValueChange,
  onChange,
  end,
  id,
  className,
  inputMode,
  ...inputProps
}: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? `field-${autoId}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [errorId, hintId, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined

  const format = (text: string): string => {
    if (customFormat) return customFormat(text)
    if (mask) return applyMask(mask, text)
    if (numberMask) return formatNumberInput(text, numberMask)
    if (charsetMask) return applyCharsetMask(charsetMask, text)
    return text
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target
    const typed = input.value
    const formatted = format(typed)
    if (formatted !== typed) {
      const caret = input.selectionStart ?? typed.length
      const atEnd = caret >= typed.length
      const meaningfulBefore = [...typed.slice(0, caret)].filter((ch) => MEANINGFUL.test(ch)).length
      input.value = formatted
      const next = atEnd ? formatted.length : indexAfterMeaningful(formatted, meaningfulBefore)
      if (document.activeElement === input) input.setSelectionRange(next, next)
    }
    onChange?.(event)
    onValueChange?.(formatted, mask ? unmask(mask, formatted) : formatted)
  }

  const defaultInputMode = numberMask
    ? (numberMask.fractionDigits ?? 0) > 0
      ? 'decimal'
      : 'numeric'
    : mask && /^[^@*]*$/.test(mask)
      ? 'numeric'
      : undefined

  return (
    <div className={cx('field', error && 'field--invalid', inputProps.disabled && 'field--disabled', className)}>
      <label className={cx('field__label', hideLabel && 'visually-hidden')} htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          type="text"
          {...inputProps}
          id={inputId}
          className="field__input"
          inputMode={inputMode ?? defaultInputMode}
          maxLength={inputProps.maxLength ?? (mask ? mask.length : undefined)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={handleChange}
        />
        {end && <div className="field__end">{end}</div>}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  )
}

/**
 * Input masks of spec section 5, as pure functions (no DOM): pattern masks where '#' accepts a
 * digit, '@' a letter and '*' a letter or digit (every other pattern character is a literal that is
 * inserted automatically), and a number mode with a fraction length, a locale and an unsigned flag.
 */

/** Phone input: the country prefix is part of the mask; `unmask` gives the 10 national digits. */
export const PHONE_MASK = '+7 (###) ###-##-##'
/** SMS code input (spec section 5: 5 digits). */
export const OTP_MASK = '#####'
/** Date of birth input (`ДД.ММ.ГГГГ`). */
export const DATE_MASK = '##.##.####'
/** A shopper's name for a saved card or fast-payment account: letters, digits, spaces and dashes, at most 24 characters. */
export const CARD_NAME: CharsetMask = { allowed: /[\p{L}\d -]/u, maxLength: 24 }

/** A free-length mask: characters outside `allowed` are dropped, the result is cut at `maxLength`. */
export interface CharsetMask {
  allowed: RegExp
  maxLength: number
  uppercase?: boolean
}

const SLOT_TESTS: Record<string, (ch: string) => boolean> = {
  '#': (ch) => ch >= '0' && ch <= '9',
  '@': (ch) => /\p{L}/u.test(ch),
  '*': (ch) => /[\p{L}\d]/u.test(ch),
}

/** Whether a pattern character is a slot ('#', '@', '*') rather than a literal. */
const isSlot = (patternChar: string): boolean => patternChar in SLOT_TESTS

const accepts = (patternChar: string, ch: string): boolean => SLOT_TESTS[patternChar]?.(ch) ?? false

/** Whether any character of `rest` can fill a slot of the pattern at or after `from`. */
function hasFillable(pattern: readonly string[], from: number, rest: readonly string[]): boolean {
  const slots = pattern.slice(from).filter(isSlot)
  return rest.some((ch) => slots.some((slot) => accepts(slot, ch)))
}

/**
 * Masks raw input: slots take the next acceptable input character (others are skipped), literals are
 * inserted (an input character equal to the literal is consumed). Literals after the last filled slot
 * are not added, so deleting works naturally. `raw` may be masked already (idempotent).
 */
export function applyMask(pattern: string, raw: string): string {
  const pat = [...pattern]
  const input = [...raw]
  let out = ''
  let i = 0
  for (let p = 0; p < pat.length && i < input.length; p++) {
    const pc = pat[p]!
    if (isSlot(pc)) {
      while (i < input.length && !accepts(pc, input[i]!)) i++
      if (i >= input.length) break
      out += input[i]
      i++
    } else {
      if (!hasFillable(pat, p, input.slice(i))) break
      out += pc
      if (input[i] === pc) i++
    }
  }
  return out
}

/** The characters the shopper entered in the slots of a (possibly partial) masked value. */
export function unmask(pattern: string, masked: string): string {
  const pat = [...pattern]
  const value = [...applyMask(pattern, masked)]
  return value.filter((_, index) => isSlot(pat[index]!)).join('')
}

/** Number of slots of a pattern. */
const slotCount = (pattern: string): number => [...pattern].filter(isSlot).length

/** Whether every slot of the pattern is filled. */
export const isMaskComplete = (pattern: string, value: string): boolean =>
  unmask(pattern, value).length === slotCount(pattern)

/** Applies a charset mask (free-length fields such as a card name). */
export function applyCharsetMask(mask: CharsetMask, raw: string): string {
  const kept = [...raw]
    .filter((ch) => mask.allowed.test(ch))
    .slice(0, mask.maxLength)
    .join('')
  return mask.uppercase ? kept.toUpperCase() : kept
}

/** Options of the number mode. */
export interface NumberMaskOptions {
  /** Digits after the decimal separator; 0 means integers only. Default 0. */
  fractionDigits?: number
  /** Locale of the group and decimal separators. Default 'ru-RU'. */
  locale?: string
  /** Refuse a minus sign. Default false. */
  unsigned?: boolean
}

interface Separators {
  group: string
  decimal: string
}

/** What number input needs of a locale, made once per locale (a formatter costs far more to make than to use). */
interface LocaleNumbers extends Separators {
  /** Grouped integers. */
  integers: Intl.NumberFormat
}

const localeCache = new Map<string, LocaleNumbers>()

/** A locale's separators, as Intl prints them (ru-RU: U+00A0 and ','), and its integer formatter. */
function localeNumbers(locale: string): LocaleNumbers {
  let found = localeCache.get(locale)
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(11111.5)
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? '',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      integers: new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }),
    }
    localeCache.set(locale, found)
  }
  return found
}

/** Splits typed text into sign, integer digits, whether a separator was typed, and fraction digits. */
function splitNumber(raw: string, { decimal, group }: Separators, fractionDigits: number) {
  const negative = raw.trimStart().startsWith('-') || raw.trimStart().startsWith('−')
  let intDigits = ''
  let fraction = ''
  let separator = false
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') {
      if (separator) fraction += ch
      else intDigits += ch
    } else if ((ch === decimal || ((ch === '.' || ch === ',') && ch !== group)) && fractionDigits > 0 && !separator) {
      // '.' and ',' both count as the decimal separator while typing (phone keyboards differ),
      // unless the locale groups with it (en-US ','): formatted text is fed back on every keystroke.
      separator = true
    }
  }
  return {
    negative,
    intDigits: intDigits.replace(/^0+(?=\d)/, ''),
    separator,
    fraction: fraction.slice(0, fractionDigits),
  }
}

/**
 * Formats typed number input: locale grouping of the integer part, at most `fractionDigits` after
 * the locale's decimal separator, a trailing separator kept while typing, leading zeros dropped,
 * a minus sign only when signed. Empty input stays empty.
 */
export function formatNumberInput(raw: string, options: NumberMaskOptions = {}): string {
  const { fractionDigits = 0, locale = 'ru-RU', unsigned = false } = options
  const numbers = localeNumbers(locale)
  const { decimal } = numbers
  const parts = splitNumber(raw, numbers, fractionDigits)
  const sign = parts.negative && !unsigned ? '-' : ''
  if (!parts.intDigits && !parts.separator) return sign
  const intText = numbers.integers.format(BigInt(parts.intDigits || '0'))
  return `${sign}${intText}${parts.separator ? decimal + parts.fraction : ''}`
}

/** Parses formatted number input back to a number; undefined when there are no digits. */
export function parseNumberInput(text: string, options: NumberMaskOptions = {}): number | undefined {
  const { fractionDigits = 0, locale = 'ru-RU', unsigned = false } = options
  const parts = splitNumber(text, localeNumbers(locale), fractionDigits)
  if (!parts.intDigits && !parts.fraction) return undefined
  const value = Number(`${parts.intDigits || '0'}.${parts.fraction || '0'}`)
  return parts.negative && !unsigned && value !== 0 ? -value : value
}

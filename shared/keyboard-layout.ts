/**
 * Text typed in the wrong keyboard layout: «rhtv» is «крем» typed with the Latin layout on, «Тшмуф» is
 * «Nivea» typed with the Russian one. The storefront searches the switched text when the typed one
 * finds nothing, as the big Russian shops do (decision 030).
 */

/** The keys of the standard Russian ЙЦУКЕН layout, on the US QWERTY keys at the same places. */
const LATIN = "`qwertyuiop[]asdfghjkl;'zxcvbnm,."
const CYRILLIC = 'ёйцукенгшщзхъфывапролджэячсмитьбю'

const toCyrillic = new Map([...LATIN].map((key, i) => [key, CYRILLIC[i]!]))
const toLatin = new Map([...CYRILLIC].map((key, i) => [key, LATIN[i]!]))

const HAS_LATIN = /[a-z]/i
const HAS_CYRILLIC = /[а-яё]/i

/**
 * The text as it would read in the other layout, or undefined when there is nothing to switch: a text of
 * both scripts (or of neither) is taken as typed. Letters keep their case; other characters stay.
 */
export function switchLayout(text: string): string | undefined {
  const latin = HAS_LATIN.test(text)
  const cyrillic = HAS_CYRILLIC.test(text)
  if (latin === cyrillic) return undefined
  const map = latin ? toCyrillic : toLatin
  const switched = [...text]
    .map((char) => {
      const lower = char.toLowerCase()
      const mapped = map.get(lower)
      if (mapped === undefined) return char
      return char === lower ? mapped : mapped.toUpperCase()
    })
    .join('')
  return switched === text ? undefined : switched
}

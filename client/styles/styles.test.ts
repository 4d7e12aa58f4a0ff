import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Style rules that make every tap slower (decision 032, third amendment). A `:has()` is matched again on
 * its anchor whenever a node is added or removed under it: anchored on the page's frame (`body`,
 * `#main`, …) it ran for every card a list appended, and on `.product-card` it restyled each card's
 * whole subtree when one part came in. A class set by the component says the same thing for free.
 */
const PAGE_WIDE_ANCHORS = ['html', 'body', ':root', '#main', '.site', '.site-main', '.product-card']

const dir = new URL('.', import.meta.url)
const sheets = readdirSync(dir)
  .filter((name) => name.endsWith('.css'))
  .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }))

/** The text without comments and without `@media print { … }` blocks (printing lays a page out once). */
function screenRules(css: string): string {
  let text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (let at = text.indexOf('@media print'); at >= 0; at = text.indexOf('@media print')) {
    let depth = 0
    let end = text.indexOf('{', at)
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++
      else if (text[end] === '}' && --depth === 0) break
    }
    text = text.slice(0, at) + text.slice(end + 1)
  }
  return text
}

/** Every selector of a sheet (the texts before `{` that are not at-rules), split at top-level commas. */
function selectorsOf(css: string): string[] {
  const selectors: string[] = []
  for (const match of css.matchAll(/([^{};]+)\{/g)) {
    const prelude = match[1]!.trim()
    if (prelude.startsWith('@') || prelude === '') continue
    let depth = 0
    let start = 0
    for (let i = 0; i <= prelude.length; i++) {
      const char = prelude[i]
      if (char === '(') depth++
      else if (char === ')') depth--
      else if ((char === ',' && depth === 0) || i === prelude.length) {
        selectors.push(prelude.slice(start, i).trim())
        start = i + 1
      }
    }
  }
  return selectors
}

/**
 * The compound selector a `:has(` at `index` belongs to: back to the last combinator outside parentheses
 * (a `:has()` inside `:not(` or `:is(` belongs to the compound around them).
 */
function anchorOf(selector: string, index: number): string {
  let depth = 0
  let i = index - 1
  for (; i >= 0; i--) {
    const char = selector[i]!
    if (char === ')') depth++
    else if (char === '(') depth = Math.max(0, depth - 1)
    else if (depth === 0 && /[\s>+~]/.test(char)) break
  }
  return selector.slice(i + 1, index).replace(/(:(not|is|where)\()+$/, '')
}

/**
 * Whether a selector's subject is universal (`*`, or pseudo-classes only) right after a `+`. Chromium
 * checks such a rule on every element, so every parent in the document is marked as having children
 * styled by their siblings; with two of them, a node inserted anywhere restyled its following siblings'
 * whole subtrees: a signed-in shopper's «В корзину» row restyled 20 home cards' 516 elements instead of
 * 20 (decision 032, sixth amendment). A class or tag in the subject keeps the mark on its own parents.
 */
function universalAfterAdjacent(selector: string): boolean {
  let depth = 0
  let last = -1
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!
    if (char === '(') depth++
    else if (char === ')') depth--
    else if (depth === 0 && /[>+~\s]/.test(char)) last = i
  }
  const combinator = selector
    .slice(0, last + 1)
    .trimEnd()
    .slice(-1)
  const subject = selector.slice(last + 1)
  if (combinator !== '+') return false
  let outside = ''
  depth = 0
  for (const char of subject) {
    if (char === '(') depth++
    else if (char === ')') depth--
    else if (depth === 0) outside += char
  }
  return !/[.#[a-z]/i.test(outside.replace(/::?[a-z-]+/gi, ''))
}

/** The `:has()` anchors of a selector that are page-wide (or repeated per card). */
function pageWideHas(selector: string): string[] {
  const found: string[] = []
  for (let at = selector.indexOf(':has('); at >= 0; at = selector.indexOf(':has(', at + 1)) {
    const anchor = anchorOf(selector, at)
    if (
      PAGE_WIDE_ANCHORS.some(
        (wide) => anchor === wide || anchor.startsWith(`${wide}:`) || anchor.startsWith(`${wide}.`),
      )
    )
      found.push(selector)
  }
  return found
}

describe('style rules', () => {
  it('finds an anchor the way the rule below reads it', () => {
    expect(pageWideHas('body:has(.buy-bar)')).toHaveLength(1)
    expect(pageWideHas('#main:has(.age-gate-veil) > *')).toHaveLength(1)
    expect(pageWideHas('.product-card:not(:has(> .product-card__actions))')).toHaveLength(1)
    expect(pageWideHas('.filters__chip:has(> input:checked)')).toEqual([])
    expect(
      selectorsOf(screenRules('@media print { body:has(.x) { a: b } } .a:has(.b), body:has(.c) { a: b }')),
    ).toEqual(['.a:has(.b)', 'body:has(.c)'])
  })

  it('finds a universal subject after a sibling combinator', () => {
    expect(universalAfterAdjacent('.catalog-page > * + *')).toBe(true)
    expect(universalAfterAdjacent('.checkout-section__title + *')).toBe(true)
    expect(universalAfterAdjacent('.a + :where(:not(.b))')).toBe(true)
    expect(universalAfterAdjacent('.cart-line + .cart-line')).toBe(false)
    expect(universalAfterAdjacent('.page--text > p + p')).toBe(false)
    expect(universalAfterAdjacent('.catalog-page > :where(:not(:first-child))')).toBe(false)
    expect(universalAfterAdjacent('.check__input:checked + .check__label .check__box')).toBe(false)
  })

  it.each(sheets.map((sheet) => [sheet.name, sheet.text] as const))(
    '%s has no universal subject after a `+`',
    (_name, text) => {
      expect(selectorsOf(screenRules(text)).filter(universalAfterAdjacent)).toEqual([])
    },
  )

  it.each(sheets.map((sheet) => [sheet.name, sheet.text] as const))(
    '%s anchors no :has() on the page frame or a product card',
    (_name, text) => {
      expect(selectorsOf(screenRules(text)).flatMap(pageWideHas)).toEqual([])
    },
  )
})

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { INLINE_ICONS } from '#client/components/icon.tsx'
import { documentHead } from './document.ts'
import { inlineIconsOf, loadInlineIcons } from './inline-icons.ts'

const symbol = (name: string) =>
  `<symbol id="${name}" viewBox="0 0 24 24" fill="none"><path d="M${name.length} 1h2"/></symbol>`
const sprite = (names: readonly string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg">${names.map(symbol).join('')}</svg>\n`

describe('inline icons', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('takes the first-screen symbols of the sprite as i-{name}, in a container that draws nothing', () => {
    const html = inlineIconsOf(sprite(['cart', 'close', ...INLINE_ICONS, 'vk']))
    expect(html.startsWith('<svg style="display:none"><symbol id="i-')).toBe(true)
    expect([...html.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id)).toEqual(
      INLINE_ICONS.map((name) => `i-${name}`),
    )
    expect(html).toContain(`<symbol id="i-heart" viewBox="0 0 24 24" fill="none"><path d="M5 1h2"/></symbol>`)
    expect(html).not.toContain('"cart"')
  })

  it('refuses a sprite that lacks one of them', () => {
    expect(() => inlineIconsOf(sprite(INLINE_ICONS.filter((name) => name !== 'search')))).toThrow(
      'the icon sprite has no symbol "search"',
    )
  })

  it('reads the project sprite of the build, and gives nothing for a build without one', () => {
    const distDir = mkdtempSync(join(tmpdir(), 'inline-icons-'))
    dirs.push(distDir)
    const folder = join(distDir, 'client', 'assets', 'svg', 'icons', 'aurora')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'all.svg'), sprite(INLINE_ICONS))
    expect(loadInlineIcons(distDir, 'aurora')).toBe(inlineIconsOf(sprite(INLINE_ICONS)))
    expect(loadInlineIcons(distDir, 'beauty')).toBe('')
  })

  it('opens the body with them, before the React root', () => {
    const head = documentHead({
      meta: { title: 'Т', description: 'О' },
      canonicalUrl: undefined,
      origin: 'http://127.0.0.1',
      css: [],
      consentMark: '/assets/mark.js',
      preloads: [],
      siteName: 'Аврора',
      inlineIcons: '<svg style="display:none"></svg>',
    })
    expect(head.endsWith('</head><body><svg style="display:none"></svg><div id="root">')).toBe(true)
  })
})

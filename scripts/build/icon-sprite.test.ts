import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ICON_NAMES } from '#client/components/icon-names.ts'
import { iconSprite, iconSymbol, writeIconSprites } from './icon-sprite.mjs'

const ICONS = join(import.meta.dirname, '../../client/public/assets/svg/icons')

describe('icon sprite', () => {
  it('keeps the drawing and the paint of an icon file, not its size or marks', () => {
    expect(
      iconSymbol(
        'heart',
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" focusable="false"><path d="M12 20Z"/></svg>\n',
      ),
    ).toBe(
      '<symbol id="heart" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75"><path d="M12 20Z"/></symbol>',
    )
  })

  it.each([
    ['<!doctype html><p>Not found</p>', /not an SVG document/],
    ['<svg viewBox="0 0 24 24"><script>alert(1)</script></svg>', /scripts/],
    ['<svg viewBox="0 0 24 24"><path onclick="x()"/></svg>', /event handlers/],
    ['<svg width="24"><path/></svg>', /no viewBox/],
  ])('refuses %j', (text, error) => {
    expect(() => iconSymbol('bad', text)).toThrow(error)
  })

  it('has a symbol for every icon the components may draw, from the files of the project folder', async () => {
    const out = await mkdtemp(join(tmpdir(), 'sprite-'))
    try {
      for (const project of await readdir(ICONS)) await mkdir(join(out, project))
      await writeIconSprites(ICONS, out)
      const sprite = await readFile(join(out, 'aurora', 'all.svg'), 'utf8')
      expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg"><symbol id=')).toBe(true)
      const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1])
      expect(ids).toEqual([...ICON_NAMES].sort((a, b) => a.localeCompare(b)))
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  })

  it('sorts the symbols and takes no sprite left in a source folder for an icon', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sprite-'))
    try {
      const icon = (body: string) => `<svg viewBox="0 0 24 24">${body}</svg>`
      await mkdir(join(dir, 'src', 'beauty'), { recursive: true })
      await mkdir(join(dir, 'out', 'beauty'), { recursive: true })
      await writeFile(join(dir, 'src', 'beauty', 'star.svg'), icon('<path d="M1 1"/>'))
      await writeFile(join(dir, 'src', 'beauty', 'cart.svg'), icon('<circle r="1"/>'))
      await writeFile(join(dir, 'src', 'beauty', 'all.svg'), iconSprite([['old', icon('')]]))
      await writeIconSprites(join(dir, 'src'), join(dir, 'out'))
      expect(await readFile(join(dir, 'out', 'beauty', 'all.svg'), 'utf8')).toBe(
        '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="cart" viewBox="0 0 24 24"><circle r="1"/></symbol>' +
          '<symbol id="star" viewBox="0 0 24 24"><path d="M1 1"/></symbol></svg>\n',
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

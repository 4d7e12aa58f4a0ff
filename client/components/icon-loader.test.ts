import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { ICON_NAMES, IconLoader, iconUrl, sanitizeSvg } from './icon-loader.ts'

const ICON_DIR = new URL('../public/assets/svg/icons/aurora/', import.meta.url)

describe('sanitizeSvg', () => {
  it.each([
    [
      '<?xml version="1.0"?><svg viewBox="0 0 24 24"><path d="M0 0"/></svg>\n',
      '<svg viewBox="0 0 24 24"><path d="M0 0"/></svg>',
    ],
    ['<svg><script>alert(1)</script><path/></svg>', '<svg><path/></svg>'],
    ['<svg onload="alert(1)"><path onclick=\'x()\'/></svg>', '<svg><path/></svg>'],
    ['<svg><a href="javascript:alert(1)"><path/></a></svg>', '<svg><a><path/></a></svg>'],
    ['<svg><foreignObject><div>x</div></foreignObject></svg>', '<svg></svg>'],
    ['<!doctype html><html><body>Not found</body></html>', ''],
  ])('cleans %j', (input, expected) => {
    expect(sanitizeSvg(input)).toBe(expected)
  })
})

describe('IconLoader', () => {
  it('fetches an icon once and serves it from the cache', async () => {
    const fetchText = vi.fn(async () => '<svg><path/></svg>')
    const loader = new IconLoader(fetchText)
    const listener = vi.fn()
    loader.subscribe(listener)
    expect(loader.get('/a.svg')).toBeUndefined()
    await Promise.all([loader.load('/a.svg'), loader.load('/a.svg')])
    await loader.load('/a.svg')
    expect(fetchText).toHaveBeenCalledTimes(1)
    expect(loader.get('/a.svg')).toBe('<svg><path/></svg>')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('logs a failed load with console.warn and then shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = new IconLoader(async () => {
      throw new Error('HTTP 404')
    })
    await loader.load('/missing.svg')
    expect(loader.get('/missing.svg')).toBe('')
    expect(warn).toHaveBeenCalledWith('[icon] failed to load /missing.svg:', 'HTTP 404')
    warn.mockRestore()
  })

  it('treats a non-SVG answer as a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = new IconLoader(async () => '<html>oops</html>')
    await loader.load('/html.svg')
    expect(loader.get('/html.svg')).toBe('')
    warn.mockRestore()
  })
})

describe('icon files', () => {
  it('has a file for every icon name and nothing else', () => {
    const files = readdirSync(ICON_DIR)
      .map((f) => f.replace(/\.svg$/, ''))
      .sort()
    expect(files).toEqual([...ICON_NAMES].sort())
  })

  it.each(ICON_NAMES)('%s is a clean 24×24 SVG', (name) => {
    const text = readFileSync(new URL(`${name}.svg`, ICON_DIR), 'utf8')
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 24"/)
    expect(sanitizeSvg(text)).toBe(text.trim())
  })

  it('builds the served URL', () => {
    expect(iconUrl('aurora', 'cart')).toBe('/assets/svg/icons/aurora/cart.svg')
  })
})

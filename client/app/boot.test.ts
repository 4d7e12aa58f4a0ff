import { describe, expect, it } from 'vitest'
import { serializeBootData } from './boot.ts'

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  'line\u2028separator',
  'paragraph\u2029separator',
  '<!--',
  '<!-- <script>',
  '-->',
  'AT&T &amp; &lt;',
  ']]>',
  '"\\\'`${x}',
  'ℹ️ عربى 😀',
]

describe('serializeBootData', () => {
  it.each(HOSTILE)('escapes %j so it cannot close the data block or break the parser', (text) => {
    const data = {
      fallback: { '["goods.get",900001]': { name: text, nested: [text, { [text]: text }] } },
      view: { title: text },
    }
    const out = serializeBootData(data)
    expect(out).not.toMatch(/[<>\u2028\u2029]/)
    expect(out).not.toContain('&')
    expect(JSON.parse(out)).toEqual(data)
  })

  it('keeps all hostile strings at once round-trip intact', () => {
    const out = serializeBootData({ strings: HOSTILE })
    expect(out.toLowerCase()).not.toContain('</script')
    expect(JSON.parse(out)).toEqual({ strings: HOSTILE })
  })

  it('survives being embedded in a script element and read back as its text', () => {
    const data = { name: '</script><script>alert(1)</script>' }
    const html = `<script type="application/json" id="__BOOT__">${serializeBootData(data)}</script>`
    const text = /<script type="application\/json" id="__BOOT__">([\s\S]*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(text ?? '')).toEqual(data)
  })

  it('serializes numbers, booleans and null unchanged', () => {
    expect(serializeBootData({ a: 1, b: true, c: null })).toBe('{"a":1,"b":true,"c":null}')
  })
})

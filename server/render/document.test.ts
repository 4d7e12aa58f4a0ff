import { describe, expect, it } from 'vitest'
import { documentHead, documentTail } from './document.ts'
import { BOOT_ELEMENT_ID } from '#client/app/boot.ts'

const input = {
  meta: { title: 't', description: 'd' },
  canonicalUrl: undefined,
  origin: 'http://localhost',
  css: ['/assets/a.css'],
  consentMark: '/assets/consent-mark-X.js',
  preloads: ['/assets/chunk-A.js'],
  siteName: 's',
}

describe('documentHead', () => {
  it('holds the first paint of a document sent at once until the parser reaches the data block', () => {
    const head = documentHead({ ...input, wholeFirstPaint: true })
    const link = '<link rel="expect" href="#__BOOT__" blocking="render">'
    expect(head).toContain(link)
    expect(head.indexOf(link)).toBeGreaterThan(head.indexOf('/assets/a.css'))
    // The data block follows the React root, which the head opens.
    const tail = documentTail('{}', '/assets/entry.js')
    expect(tail).toContain(`id="${BOOT_ELEMENT_ID}"`)
    expect(tail.indexOf(`id="${BOOT_ELEMENT_ID}"`)).toBeGreaterThan(tail.indexOf('</div>'))
  })

  it('runs the framework chunk as an async module script of its own, preloaded as before', () => {
    const head = documentHead({
      ...input,
      preloads: ['/assets/chunk-S.js', '/assets/chunk-F.js'],
      framework: '/assets/chunk-F.js',
    })
    expect(head).toContain('<link rel="modulepreload" href="/assets/chunk-F.js">')
    expect(head).toContain('<script type="module" async src="/assets/chunk-F.js"></script>')
    // The shell stays a preload: it runs as the page's deferred module script, after parsing.
    expect(head).not.toContain('src="/assets/chunk-S.js"')
    expect(documentHead(input)).not.toContain('async')
  })

  it('lets a streamed document paint its first part', () => {
    expect(documentHead(input)).not.toContain('rel="expect"')
    expect(documentHead({ ...input, wholeFirstPaint: false })).not.toContain('blocking=')
  })
})

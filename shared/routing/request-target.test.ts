import { describe, expect, it } from 'vitest'
import { parseRequestTarget } from './request-target.ts'
import { resolveNavigation } from './rules.ts'

const anonymous = { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false }

describe('parseRequestTarget', () => {
  it.each([
    ['/catalog?page=2', '/catalog', '?page=2'],
    ['/', '/', ''],
    ['/search?', '/search', ''],
    ['/a#frag', '/a', ''],
    ['//evil.example', '//evil.example', ''],
    ['//evil.example/catalog?x=1', '//evil.example/catalog', '?x=1'],
    ['/\\evil.example/catalog', '/\\evil.example/catalog', ''],
    ['http://evil.example/catalog?x=1', '/catalog', '?x=1'],
    ['http://evil.example', '/', ''],
    ['*', '/*', ''],
  ])('reads %s as the path %s and the query %s, never a host', (target, pathname, search) => {
    expect(parseRequestTarget(target)).toEqual({ pathname, search })
  })
})

describe('paths that a browser reads as another host', () => {
  it.each(['//evil.example', '//evil.example/', '//evil.example/catalog', '//catalog', '/\\catalog', '//', '///'])(
    'resolves %s to not found, never to a page',
    (pathname) => {
      expect(
        resolveNavigation({ pathname, search: '', session: anonymous, mainSiteUrl: 'https://aurora.example' }),
      ).toEqual({
        kind: 'not-found',
        status: 404,
        message: `Page not found: ${pathname}`,
      })
    },
  )
})

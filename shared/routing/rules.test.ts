import { describe, expect, it } from 'vitest'
import {
  isProfilePath,
  mainSiteLocation,
  matchPath,
  matchRoute,
  resolveNavigation,
  resolveServerRedirect,
  type Decision,
} from './rules.ts'
import type { SessionState } from './types.ts'

const MAIN_SITE = 'https://aurora.example'
const ORIGIN = 'https://shop.example'

const anonymous: SessionState = { authorized: false, customerCode: false, incompleteProfile: false, ecomEnabled: false }
const signedIn: SessionState = { ...anonymous, authorized: true }
const incomplete: SessionState = { ...signedIn, incompleteProfile: true }
const ecomUser: SessionState = { ...signedIn, ecomEnabled: true }

const navigate = (path: string, session: SessionState = anonymous, mainSiteUrl = MAIN_SITE): Decision => {
  const index = path.indexOf('?')
  return resolveNavigation({
    pathname: index < 0 ? path : path.slice(0, index),
    search: index < 0 ? '' : path.slice(index),
    session,
    mainSiteUrl,
  })
}

const routeOf = (decision: Decision): string | undefined =>
  decision.kind === 'render' ? decision.route.name : undefined

describe('rule 1: the registration route', () => {
  it('redirects a visitor with a JWT cookie to the profile on the main site', () => {
    expect(navigate('/registration', signedIn)).toMatchObject({
      kind: 'redirect',
      location: `${MAIN_SITE}/profile`,
      external: true,
    })
  })

  it('redirects a visitor with both a JWT and a customer code to the profile', () => {
    expect(navigate('/registration', { ...signedIn, customerCode: true })).toMatchObject({
      kind: 'redirect',
      location: `${MAIN_SITE}/profile`,
    })
  })

  it('renders for a visitor with only a customer-code cookie', () => {
    expect(routeOf(navigate('/registration', { ...anonymous, customerCode: true }))).toBe('registration')
  })

  it('renders for a visitor with neither cookie', () => {
    expect(routeOf(navigate('/registration', anonymous))).toBe('registration')
  })
})

describe('rule 2: the profile section lives on the main site', () => {
  it.each([
    ['/profile', `${MAIN_SITE}/profile`],
    ['/profile/', `${MAIN_SITE}/profile`],
    ['/profile/x', `${MAIN_SITE}/profile/x`],
    ['/profile/orders/12', `${MAIN_SITE}/profile/orders/12`],
    ['/profile/orders?x=1&y=%D0%B0', `${MAIN_SITE}/profile/orders?x=1&y=%D0%B0`],
    ['/profileabc', `${MAIN_SITE}/profileabc`],
    ['/profiles/x?a=1', `${MAIN_SITE}/profiles/x?a=1`],
    ['/profile-settings', `${MAIN_SITE}/profile-settings`],
  ])('answers 301 for %s to %s', (path, location) => {
    expect(navigate(path)).toEqual({
      kind: 'redirect',
      status: 301,
      external: true,
      location,
      rule: 'profile-external',
    })
  })

  it('redirects signed-in visitors the same way', () => {
    expect(navigate('/profile/x?a=b', signedIn)).toMatchObject({
      kind: 'redirect',
      status: 301,
      location: `${MAIN_SITE}/profile/x?a=b`,
    })
  })

  it('keeps a query string given without its question mark', () => {
    expect(
      resolveNavigation({ pathname: '/profile/x', search: 'a=1', session: anonymous, mainSiteUrl: MAIN_SITE }),
    ).toMatchObject({ location: `${MAIN_SITE}/profile/x?a=1` })
  })

  it('keeps the base path of a MAIN_SITE_URL that has one', () => {
    expect(navigate('/profile/x', anonymous, 'https://aurora.example/ru/')).toMatchObject({
      location: 'https://aurora.example/ru/profile/x',
    })
  })

  it.each([
    '/profile//evil.example',
    '/profile/..%2F..%2F@evil.example',
    '/profile/../../evil',
    '/profile/%2F%2Fevil.example',
    '/profile@evil.example',
    '/profile.evil.example/x',
    '/profile%2F%2Fevil.example',
  ])('never leaves the main site for the hostile path %s', (path) => {
    const decision = navigate(path)
    expect(decision.kind).toBe('redirect')
    if (decision.kind === 'redirect') expect(new URL(decision.location).origin).toBe(MAIN_SITE)
  })

  it('does not redirect the incomplete-profile page externally', () => {
    const decision = navigate('/profile/incomplete', incomplete)
    expect(routeOf(decision)).toBe('profile-incomplete')
  })

  it('does not redirect an anonymous visitor on the incomplete-profile page to the main site', () => {
    expect(navigate('/profile/incomplete', anonymous)).toMatchObject({
      kind: 'redirect',
      external: false,
      location: '/',
    })
  })

  it('leaves a /profile path that contains "incomplete" to the route table, as the rule says', () => {
    expect(navigate('/profileincomplete')).toEqual({
      kind: 'not-found',
      status: 404,
      message: 'Page not found: /profileincomplete',
    })
    expect(navigate('/profile/x/incomplete')).toMatchObject({ kind: 'not-found', status: 404 })
  })

  it.each([
    ['/profile', true],
    ['/profile/', true],
    ['/profile/x', true],
    ['/profileabc', true],
    ['/profiles/x', true],
    ['/x/profile', false],
    ['/Profile', false],
    ['/', false],
  ])('treats %s as in the profile section: %s', (path, expected) => {
    expect(isProfilePath(path)).toBe(expected)
  })
})

describe('mainSiteLocation', () => {
  it('appends the path to the configured main site and never parses it as a URL of its own', () => {
    expect(mainSiteLocation(MAIN_SITE, '//evil.example/x', '')).toBe(`${MAIN_SITE}//evil.example/x`)
  })
})

describe('rule 3: redirects the gateway asks for', () => {
  const follow = (location: string, permanent = false) =>
    resolveServerRedirect(location, { origin: ORIGIN, mainSiteUrl: MAIN_SITE, permanent })

  it.each([
    ['//evil.example'],
    ['//evil.example/product/1'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['\\\\evil.example'],
    ['\t//evil.example'],
    [' //evil.example'],
    ['https://evil.example'],
    ['https://evil.example/product/1-x'],
    ['http://evil.example'],
    ['https://aurora.example.evil.example/'],
    ['https://aurora.example@evil.example/'],
    ['https://shop.example:8443/'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://shop.example/x'],
    ['http://[invalid'],
  ])('refuses %j', (location) => {
    expect(follow(location)).toBeUndefined()
  })

  it.each([['/.//evil.example'], ['https://shop.example//evil.example'], ['https://shop.example/\\evil.example']])(
    'keeps the own-origin target %j on the own origin instead of answering the protocol-relative //evil.example',
    (location) => {
      expect(follow(location)?.location).toBe('/evil.example')
    },
  )

  it('follows a relative target as a client navigation', () => {
    expect(follow('/product/900006-krem?from=1#reviews')).toEqual({
      kind: 'redirect',
      location: '/product/900006-krem?from=1#reviews',
      status: 302,
      external: false,
      rule: 'server-redirect',
    })
  })

  it('answers 301 for a permanent redirect', () => {
    expect(follow('/catalog/5', true)).toMatchObject({ status: 301 })
  })

  it('follows an absolute target on the own origin as a full page load', () => {
    expect(follow('https://shop.example/catalog/5?page=2')).toEqual({
      kind: 'redirect',
      location: '/catalog/5?page=2',
      status: 302,
      external: true,
      rule: 'server-redirect',
    })
  })

  it('follows an absolute target on the main site host as a full page load', () => {
    expect(follow('https://aurora.example/profile/orders')).toEqual({
      kind: 'redirect',
      location: 'https://aurora.example/profile/orders',
      status: 302,
      external: true,
      rule: 'server-redirect',
    })
  })
})

describe('rule 4: an incomplete profile', () => {
  it.each(['/', '/catalog', '/product/12-krem', '/cookie-policy', '/promo-catalog'])(
    'sends a signed-in visitor with an incomplete profile from %s to /profile/incomplete',
    (path) => {
      expect(navigate(path, incomplete)).toEqual({
        kind: 'redirect',
        location: '/profile/incomplete',
        status: 302,
        external: false,
        rule: 'profile-incomplete',
      })
    },
  )

  it('renders the incomplete-profile page for that visitor', () => {
    expect(routeOf(navigate('/profile/incomplete', incomplete))).toBe('profile-incomplete')
  })

  it('renders it with a trailing slash too', () => {
    expect(routeOf(navigate('/profile/incomplete/', incomplete))).toBe('profile-incomplete')
  })

  it('sends a visitor with a valid profile from the incomplete-profile page to the main page', () => {
    expect(navigate('/profile/incomplete', signedIn)).toEqual({
      kind: 'redirect',
      location: '/',
      status: 302,
      external: false,
      rule: 'profile-valid',
    })
  })

  it('sends an anonymous visitor from the incomplete-profile page to the main page', () => {
    expect(navigate('/profile/incomplete', anonymous)).toMatchObject({ kind: 'redirect', location: '/' })
  })

  it('ignores a stale incomplete_profile cookie without a JWT', () => {
    expect(routeOf(navigate('/catalog', { ...anonymous, incompleteProfile: true }))).toBe('catalog')
  })
})

describe('rule 5: invalid and unmatched routes', () => {
  it.each([
    '/product/0-x',
    '/product/0',
    '/product/-1',
    '/product/abc',
    '/product/01-x',
    '/product/1.5',
    '/product/12-',
    '/product/1234567890123456-x',
    '/catalog/1e3',
    '/catalog/0x10',
    '/catalog/%E0%A4%A',
    '/catalog/%',
    '/articles/12',
    '/popular/abc-x',
    '/promo-catalog/7',
    '/promo-catalog/x-y/12-krem',
    '/ecom/orders',
    '/nope',
    '/product',
    '/product/12-krem/extra',
    '/product/12-krem/reviews/extra',
    '/catalogx',
    '/profile/incomplete/x',
    '/sitemap.xml',
  ])('answers 404 with "Page not found" for %s', (path) => {
    expect(navigate(path)).toEqual({
      kind: 'not-found',
      status: 404,
      message: `Page not found: ${path.replace(/\/+$/, '')}`,
    })
  })

  it('does not fall through to another route when the params are invalid', () => {
    expect(matchRoute('/product/0-x')).toBeUndefined()
  })
})

describe('route matching', () => {
  it.each([
    ['/', 'main', {}],
    ['/search', 'search', {}],
    ['/cookie-policy', 'cookie-policy', {}],
    ['/articles/3-uhod', 'article', { id: 3, slug: 'uhod' }],
    ['/product/12-krem-dlya-ruk', 'product', { product: 12, slug: 'krem-dlya-ruk' }],
    ['/product/12', 'product', { product: 12 }],
    ['/product/12-krem/reviews', 'product-reviews', { product: 12, slug: 'krem' }],
    ['/product/12/reviews', 'product-reviews', { product: 12 }],
    ['/catalog', 'catalog', {}],
    ['/catalog/5', 'catalog-category', { category: 5 }],
    ['/catalog/5-volosy', 'catalog-category', { category: 5, slug: 'volosy' }],
    ['/promo-product/7-x', 'promo-product', { product: 7, slug: 'x' }],
    ['/promo-product/7', 'promo-product', { product: 7 }],
    ['/promo-catalog', 'promo-catalog', {}],
    ['/promo-catalog/3-skidki', 'promo-catalog-category', { category: 3, categorySlug: 'skidki' }],
    [
      '/promo-catalog/3-skidki/12-krem',
      'promo-catalog-category-product',
      { category: 3, categorySlug: 'skidki', product: 12, slug: 'krem' },
    ],
    ['/popular/4-top', 'popular', { id: 4, slug: 'top' }],
    ['/registration', 'registration', {}],
    ['/profile/incomplete', 'profile-incomplete', {}],
  ])('matches %s to the %s route', (path, name, params) => {
    const matched = matchRoute(path)
    expect(matched?.route.name).toBe(name)
    expect(matched?.params).toEqual(params)
  })

  it.each([
    ['/catalog/', 'catalog'],
    ['/product/12-krem/', 'product'],
    ['/cookie-policy//', 'cookie-policy'],
  ])('ignores the trailing slash of %s', (path, name) => {
    expect(routeOf(navigate(path))).toBe(name)
  })

  it('decodes percent-encoded segments before matching', () => {
    const decision = navigate('/product/12-%D0%BA%D1%80%D0%B5%D0%BC')
    expect(decision).toMatchObject({ kind: 'render', params: { product: 12, slug: 'крем' } })
  })

  it('decodes an encoded id', () => {
    expect(navigate('/catalog/%35-x')).toMatchObject({ kind: 'render', params: { category: 5, slug: 'x' } })
  })

  it('does not let an encoded slash split a segment', () => {
    expect(navigate('/product/12%2F34')).toMatchObject({ kind: 'not-found' })
  })

  it('answers 404 for a malformed escape instead of throwing', () => {
    expect(() => navigate('/product/12-%E0%A4%A')).not.toThrow()
    expect(navigate('/product/12-%E0%A4%A')).toMatchObject({
      kind: 'not-found',
      message: 'Page not found: /product/12-%E0%A4%A',
    })
  })
})

describe('guards', () => {
  it('renders the ecom page frame with the login dialog for an anonymous visitor', () => {
    expect(navigate('/ecom', anonymous)).toMatchObject({ kind: 'render', blocked: 'login' })
  })

  it('renders the order page with the login dialog for an anonymous visitor', () => {
    expect(navigate('/ecom/orders/o-1024', anonymous)).toMatchObject({
      kind: 'render',
      params: { id: 'o-1024' },
      blocked: 'login',
    })
  })

  it('renders the ecom page for a signed-in visitor with e-commerce', () => {
    const decision = navigate('/ecom', ecomUser)
    expect(routeOf(decision)).toBe('ecom')
    expect(decision).not.toHaveProperty('blocked')
  })

  it('answers 404 for an ecom route to a signed-in visitor without e-commerce', () => {
    expect(navigate('/ecom/cart', signedIn)).toEqual({
      kind: 'not-found',
      status: 404,
      message: 'Page not found: /ecom/cart',
    })
  })

  it.each(['/ecom/cart', '/ecom/checkout'])('opens the store picker on %s when no store is chosen', (path) => {
    expect(navigate(path, { ...ecomUser, storeChosen: false })).toMatchObject({ kind: 'render', blocked: 'store' })
  })

  it.each(['/ecom/cart', '/ecom/checkout'])(
    'passes the offline-store guard on %s when the choice is unknown (server side)',
    (path) => {
      const decision = navigate(path, { ...ecomUser, storeChosen: undefined })
      expect(decision.kind).toBe('render')
      expect(decision).not.toHaveProperty('blocked')
    },
  )

  it('passes the offline-store guard when a store is chosen', () => {
    expect(navigate('/ecom/cart', { ...ecomUser, storeChosen: true })).not.toHaveProperty('blocked')
  })

  it('never sends a bot to the store picker', () => {
    expect(navigate('/ecom/cart', { ...ecomUser, storeChosen: false, bot: true })).not.toHaveProperty('blocked')
  })

  it('checks the login guard before the store guard', () => {
    expect(navigate('/ecom/cart', { ...anonymous, storeChosen: false })).toMatchObject({ blocked: 'login' })
  })

  it('does not apply the store guard to the order page', () => {
    expect(navigate('/ecom/orders/o-1024', { ...ecomUser, storeChosen: false })).not.toHaveProperty('blocked')
  })
})

describe('matching a request once', () => {
  it('drops a trailing slash and matches the route with typed params', () => {
    expect(matchPath('/product/12-krem/')).toMatchObject({
      pathname: '/product/12-krem',
      match: { route: { name: 'product' }, params: { product: 12, slug: 'krem' } },
    })
    expect(matchPath('//evil.example/catalog')).toEqual({ pathname: '//evil.example/catalog', match: undefined })
  })

  it('decides from a match made before (the pages plugin matches once for its label and the render)', () => {
    const matched = matchPath('/catalog')
    const decision = resolveNavigation({
      pathname: '/catalog',
      search: '',
      matched,
      session: anonymous,
      mainSiteUrl: MAIN_SITE,
    })
    expect(decision).toMatchObject({ kind: 'render', route: { name: 'catalog' } })
    // The match given is the one used: the path is not matched again.
    const unmatched = resolveNavigation({
      pathname: '/catalog',
      search: '',
      matched: { pathname: '/catalog', match: undefined },
      session: anonymous,
      mainSiteUrl: MAIN_SITE,
    })
    expect(unmatched).toMatchObject({ kind: 'not-found', status: 404 })
  })
})

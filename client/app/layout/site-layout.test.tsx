import { beforeAll, describe, expect, it } from 'vitest'
import { renderInApp } from '#client/context/testing.tsx'
import { cityNameOf } from '#client/features/stores/stored-city.ts'
import { SiteLayout } from './site-layout.tsx'
import { Breadcrumbs } from '#client/components/layout/breadcrumbs.tsx'
import { loadServerParts } from '#client/components/lazy-part.tsx'

const page = (layout: 'default' | 'product' = 'default', routeName = 'main') => (
  <SiteLayout
    layout={layout}
    routeName={routeName}
    breadcrumbs={
      layout === 'product' ? <Breadcrumbs items={[{ label: 'Главная', href: '/' }, { label: 'Крем' }]} /> : undefined
    }
  >
    <h1>Контент</h1>
  </SiteLayout>
)

describe('SiteLayout', () => {
  // The server loads the lazy parts it renders (user menu, cart link, footer, logo) before its first render.
  beforeAll(() => loadServerParts())

  it('draws the logo in the toolbar', () => {
    expect(renderInApp(page())).toMatch(
      /<a [^>]*class="toolbar__logo"[^>]*><span class="logo" aria-hidden="true"><svg class="logo__mark"/,
    )
  })

  it('starts with a skip link to the main landmark', () => {
    const html = renderInApp(page())
    expect(html.indexOf('href="#main"')).toBeLessThan(html.indexOf('<header'))
    expect(html).toContain('<main id="main" tabindex="-1"')
  })

  it('has a search form that works without JS', () => {
    const html = renderInApp(page())
    expect(html).toMatch(/<form role="search" [^>]*action="\/search" method="get"/)
    expect(html).toMatch(/<label for="[^"]+" class="visually-hidden">Поиск<\/label><input [^>]*name="q"/)
  })

  it('links the catalogue and promotions and asks to choose a store', () => {
    const html = renderInApp(page())
    expect(html).toMatch(/href="\/catalog"[^>]*>.*Каталог/)
    expect(html).toMatch(/href="\/promo-catalog"[^>]*>.*Акции/)
    expect(html).toContain('Выберите магазин')
  })

  it('offers sign-in to visitors', () => {
    const html = renderInApp(page())
    expect(html).toMatch(/<button type="button" class="toolbar__action"[^>]*>.*Войти/)
    expect(html).not.toContain('/profile')
  })

  it('links signed-in shoppers to the profile on the main site and shows the cart with e-commerce', () => {
    const html = renderInApp(page(), {
      app: { session: { authorized: true, userId: '1', incompleteProfile: false, ecomEnabled: true } },
    })
    expect(html).toContain('href="https://aurora.example/profile"')
    expect(html).toContain('Профиль')
    expect(html).toContain('href="/ecom/cart"')
    expect(html).not.toContain('Войти')
  })

  it('marks the current section', () => {
    expect(renderInApp(page('default', 'catalog-category'))).toContain(
      '<a aria-current="page" href="/catalog" class="toolbar__catalog is-current">',
    )
  })

  it('has footer links to our pages and the main site, and the social links', () => {
    const html = renderInApp(page())
    for (const path of ['/promo-catalog', '/catalog', '/articles', '/cookie-policy'])
      expect(html).toContain(`href="${path}"`)
    expect(html).toContain('href="https://aurora.example/about"')
    for (const name of ['ВКонтакте', 'Telegram', 'Одноклассники']) expect(html).toContain(name)
  })

  it('renders the product layout with breadcrumbs in the header’s column', () => {
    const html = renderInApp(page('product', 'product'))
    expect(html).toContain('class="site site--product"')
    // The same container as the toolbar's, so the page starts where the logo does (walkthrough UX3-38).
    expect(html).toContain('<main id="main" tabindex="-1" class="site-main site-main--product"><div class="container">')
    expect(html).not.toContain('container--narrow')
    expect(html).toContain('aria-label="Навигационная цепочка"')
    expect(html).toContain('<span aria-current="page" class="breadcrumbs__current">Крем</span>')
  })

  it('renders empty toast regions for screen readers to watch', () => {
    const html = renderInApp(page())
    expect(html.match(/role="status" aria-live="polite"/g)).toHaveLength(2)
  })
})

describe('cityNameOf', () => {
  it.each([
    [null, undefined],
    ['', undefined],
    ['Москва', 'Москва'],
    ['"Казань"', 'Казань'],
    ['{"name":"Самара","fiasId":"x"}', 'Самара'],
    ['{"code":1}', undefined],
  ])('reads %j as %j', (stored, expected) => {
    expect(cityNameOf(stored)).toBe(expected)
  })
})

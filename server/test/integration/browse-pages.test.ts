/**
 * Integration: the browsing pages against the real mock gateway — each route's SSR HTML holds its
 * data, unknown ids give 404, the moved product follows the gateway redirect, category 999 shows the
 * not-found page with 422, wrong slugs redirect to the canonical URL, and the sitemap lists the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'

let stack: TestApp
let goods: { id: number; name: string; slug: string; categoryId: number }
let category: { id: number; name: string; slug: string }
let group: { id: number; name: string; slug: string }

/** A browser's user agent: crawlers get a minimal error body instead of the error page. */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
const get = (path: string) => stack.fetch(path, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } })
const html = async (path: string) => {
  const response = await get(path)
  return { status: response.status, text: await response.text(), headers: response.headers }
}
/** What React renders for a text node (entities escaped). */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

beforeAll(async () => {
  stack = await startTestApp()
  const list = (await (await fetch(`${stack.mockUrl}/webgate/v2/goods/search?pageSize=1&sort=rating`)).json()) as {
    items: (typeof goods)[]
  }
  goods = list.items[0]!
  const tree = (await (await fetch(`${stack.mockUrl}/webgate/v3/categories/store`)).json()) as {
    items: Array<typeof category & { children: Array<typeof category> }>
  }
  const first = tree.items[0]!
  group = first
  category = first.children[0]!
}, 30_000)

afterAll(async () => {
  await stack?.close()
})

describe('browse pages', () => {
  it('renders the home page with its blocks and status 200', async () => {
    const { status, text } = await html('/')
    expect(status).toBe(200)
    expect(text).toContain('product-card')
    expect(text).toContain('Зарегистрироваться')
    expect(text).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/">/)
  })

  it("loads the home page's blocks on one page signal without a listener-leak warning", async () => {
    const fresh = await startTestApp()
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const response = await fresh.fetch('/')
      expect(response.status).toBe(200)
      expect((await response.text()).match(/class="product-card[ "]/g)?.length ?? 0).toBeGreaterThan(10)
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings).not.toContain('MaxListenersExceededWarning')
    } finally {
      process.off('warning', onWarning)
      await fresh.close()
    }
  })

  it("with the page cache off, takes a second request's data from the query store and renders the same page", async () => {
    const fresh = await startTestApp({ env: { PAGE_CACHE_MAX_ENTRIES: '0' } })
    const events = async (event: string) =>
      (await fresh.metrics.queryStoreEvents.get()).values.find((value) => value.labels.event === event)?.value ?? 0
    try {
      const path = `/catalog/${category.id}-${category.slug}`
      const first = await (await fresh.fetch(path)).text()
      const hitsBefore = await events('hit')
      const second = await (await fresh.fetch(path)).text()
      expect(await events('hit')).toBeGreaterThanOrEqual(hitsBefore + 3)
      expect(await events('miss')).toBeGreaterThanOrEqual(3)
      expect(second).toBe(first)
    } finally {
      await fresh.close()
    }
  })

  it.each([
    ['the home page', () => '/'],
    ['a category', () => `/catalog/${category.id}-${category.slug}`],
    ['a category group, sorted, second page', () => `/catalog/${group.id}-${group.slug}?sort=price-asc&page=2`],
    ['a category with a filter chosen', () => `/catalog/${category.id}-${category.slug}?inStock=1`],
    ['the not-found page', () => '/no-such-page'],
  ])(
    'renders %s the same with product cards kept as fragments, on their first and their later renders',
    async (_name, path) => {
      const plain = await startTestApp({
        env: { CACHES: 'off' },
      })
      const kept = await startTestApp({ env: { PAGE_CACHE_MAX_ENTRIES: '0' } })
      const lookups = async (result: string) =>
        (await kept.metrics.fragmentLookups.get()).values.find((value) => value.labels.result === result)?.value ?? 0
      // An error page names its request, which differs from request to request.
      const page = async (app: TestApp) =>
        (await app.request(path())).body.replace(/"requestId":"[^"]*"/, '"requestId":""')
      try {
        const expected = await page(plain)
        expect(await lookups('hit')).toBe(0)
        const first = await page(kept)
        const misses = await lookups('miss')
        const second = await page(kept)
        expect(misses).toBeGreaterThan(0)
        expect(await lookups('hit')).toBeGreaterThan(0)
        expect(first).toBe(expected)
        expect(second).toBe(expected)
      } finally {
        await Promise.all([plain.close(), kept.close()])
      }
    },
  )

  it('keeps the filter groups of an unfiltered list only, so a chosen filter shows checked', async () => {
    const kept = await startTestApp({ env: { PAGE_CACHE_MAX_ENTRIES: '0' } })
    const path = `/catalog/${category.id}-${category.slug}`
    const inStockChecked = (html: string) => {
      const input = /<input type="checkbox" form="list-form" name="inStock"( checked="")? value="1"\/>/.exec(html)
      expect(input).not.toBeNull()
      return input?.[1] !== undefined
    }
    try {
      for (let round = 0; round < 2; round++) {
        const unfiltered = (await kept.request(path)).body
        expect(unfiltered).toContain('class="filters__groups"')
        expect(inStockChecked(unfiltered)).toBe(false)
        const filtered = (await kept.request(`${path}?inStock=1`)).body
        expect(inStockChecked(filtered)).toBe(true)
      }
    } finally {
      await kept.close()
    }
  })

  it('leaves out a failed home block and still answers 200', async () => {
    {
      const fresh = await startTestApp()
      try {
        await fetch(`${fresh.mockUrl}/__mock/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: '/webgate/v1/cosmetic-aurora/main-page/new-arrival', status: 503 }),
        })
        const response = await fresh.fetch('/')
        const text = await response.text()
        expect(response.status).toBe(200)
        expect(text).not.toContain('id="home-new"')
        expect(text).toContain('id="home-specials"')
      } finally {
        await fresh.close()
      }
    }
  })

  it('renders a catalogue category with its goods and a canonical URL without sort or page', async () => {
    const { status, text } = await html(`/catalog/${group.id}-${group.slug}?sort=price-asc&page=2`)
    expect(status).toBe(200)
    expect(text).toContain(`<h1 class="page-title">${escaped(group.name)}</h1>`)
    expect(text).toContain('product-card__name')
    expect(text).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/catalog/${group.id}-${group.slug}">`))
    expect(text).toContain('aria-label="Страница 2"')
  })

  it('redirects a category without slug or with a wrong slug to its canonical URL, keeping the query', async () => {
    const response = await get(`/catalog/${category.id}-wrong?sort=new`)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(`/catalog/${category.id}-${category.slug}?sort=new`)
  })

  it('shows the not-found page with status 422 for category 999', async () => {
    const { status, text } = await html('/catalog/999')
    expect(status).toBe(422)
    expect(text).toContain('Здесь ничего не нашлось')
  })

  it('renders a product page with price, JSON-LD Product, BreadcrumbList and the description', async () => {
    const { status, text } = await html(`/product/${goods.id}-${goods.slug}`)
    expect(status).toBe(200)
    expect(text).toContain(escaped(goods.name))
    expect(text).toContain('"@type":"Product"')
    expect(text).toContain('"@type":"BreadcrumbList"')
    expect(text).toContain('"priceCurrency":"RUB"')
    expect(text).toContain('role="tablist"')
    const title = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? ''
    expect(Array.from(title).length).toBeLessThanOrEqual(70)
    const description = /<meta name="description" content="([^"]*)">/.exec(text)?.[1] ?? ''
    expect(Array.from(description.replace(/&[a-z#0-9]+;/g, '_')).length).toBeLessThanOrEqual(160)
  })

  it("leads a product's breadcrumbs and BreadcrumbList through its group and category", async () => {
    const tree = (await (await fetch(`${stack.mockUrl}/webgate/v3/categories/store`)).json()) as {
      items: Array<typeof category & { children: Array<typeof category> }>
    }
    const home = tree.items.find((node) => node.children.some((child) => child.id === goods.categoryId))!
    const own = home.children.find((child) => child.id === goods.categoryId)!
    const { text } = await html(`/product/${goods.id}-${goods.slug}`)
    const nav = /<nav class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(text)?.[1] ?? ''
    const labels = [...nav.matchAll(/<li[^>]*>(?:<a[^>]*>|<span[^>]*>)([^<]*)</g)].map((match) => match[1])
    expect(labels).toEqual(['Главная', 'Каталог', escaped(home.name), escaped(own.name), escaped(goods.name)])
    expect(nav).toContain(`href="/catalog/${own.id}-${own.slug}"`)
    const ld = [...text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as { '@type': string; itemListElement?: Array<{ name: string }> })
      .find((item) => item['@type'] === 'BreadcrumbList')
    expect(ld?.itemListElement?.map((step) => step.name)).toEqual([
      'Главная',
      'Каталог',
      home.name,
      own.name,
      goods.name,
    ])
  })

  it('renders the reviews child route with its own canonical URL', async () => {
    const { status, text } = await html(`/product/${goods.id}-${goods.slug}/reviews`)
    expect(status).toBe(200)
    expect(text).toContain('Отзывы покупателей')
    expect(text).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/product/${goods.id}-${goods.slug}/reviews">`))
  })

  it('redirects a product without slug to its canonical URL', async () => {
    const response = await get(`/product/${goods.id}`)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(`/product/${goods.id}-${goods.slug}`)
  })

  it('follows the gateway redirect of product 900005 to 900006', async () => {
    const response = await get('/product/900005')
    expect([301, 302]).toContain(response.status)
    expect(response.headers.get('location')).toMatch(/^\/product\/900006/)
  })

  it('answers 404 with the not-found page for an unknown product', async () => {
    const { status, text } = await html('/product/123456789')
    expect(status).toBe(404)
    expect(text).toContain('Здесь ничего не нашлось')
  })

  it('renders the hostile product name as text, never as markup', async () => {
    const response = await get('/product/900001')
    const location = response.headers.get('location')!
    const { status, text } = await html(location)
    expect(status).toBe(200)
    expect(text).not.toContain('<script>alert(1)</script>')
    expect(text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('renders the promotions catalogue, a promotion and the articles with their data', async () => {
    const promo = await html('/promo-catalog')
    expect(promo.status).toBe(200)
    expect(promo.text).toContain('promo-card')
    const href = /href="(\/promo-product\/[^"]+)"/.exec(promo.text)?.[1]
    expect(href).toBeDefined()
    const item = await html(href!)
    expect(item.status).toBe(200)
    expect(item.text).toContain('Акция действует с')

    const articles = await html('/articles')
    expect(articles.status).toBe(200)
    const articleHref = /href="(\/articles\/\d+-[^"]+)"/.exec(articles.text)?.[1]
    const article = await html(articleHref!)
    expect(article.status).toBe(200)
    expect(article.text).toContain('мин чтения')
  })

  it('renders search results for a query and marks the page noindex', async () => {
    const word = goods.name.split(' ')[0]!
    const { status, text } = await html(`/search?q=${encodeURIComponent(word)}`)
    expect(status).toBe(200)
    expect(text).toContain('product-card__name')
    expect(text).toContain('noindex')
  })

  it('renders the browsing pages and the error page with the string renderer, never falling back to streaming (decision 012)', async () => {
    const paths = [
      '/',
      `/catalog/${category.id}-${category.slug}`,
      `/product/${goods.id}-${goods.slug}`,
      '/promo-catalog',
      '/catalog',
      '/articles',
      '/cookie-policy',
      '/search?q=крем',
    ]
    for (const path of paths) expect((await get(path)).status, path).toBe(200)
    expect((await get('/product/99999999-nope')).status).toBe(404)
    const streamed = (await stack.metrics.streamedRenders.get()).values.filter((value) => value.value > 0)
    expect(streamed.map((value) => value.labels.route)).toEqual([])
  })

  it('answers 404 for an unknown article id', async () => {
    expect((await get('/articles/987654-nothing')).status).toBe(404)
  })

  it('answers 404 for an unknown promotions category, as for an unknown catalogue category', async () => {
    const unknown = await html('/promo-catalog/987654321-zzz')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain('Здесь ничего не нашлось')
    expect((await get('/catalog/987654321-zzz')).status).toBe(404)
    expect((await get('/promo-catalog/1-skidki-nedeli')).status).toBe(200)
  })

  it('keeps nothing for a flood of invented promotions categories', async () => {
    const entries = async () => (await stack.metrics.queryStoreEntries.get()).values[0]?.value ?? 0
    expect((await get('/promo-catalog/900000000-x')).status).toBe(404)
    const before = await entries()
    for (let i = 1; i <= 200; i++) expect((await get(`/promo-catalog/${900000000 + i}-x`)).status).toBe(404)
    expect(await entries()).toBe(before)
  })
})

describe('sitemap', () => {
  it('is an index of parts with absolute URLs', async () => {
    const response = await get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    expect(response.headers.get('cache-control')).toContain('public')
    const text = await response.text()
    expect(text).toContain('<sitemapindex')
    for (const part of ['categories', 'products-1', 'promotions', 'articles'])
      expect(text).toContain(`${stack.config.publicOrigin}/sitemap-${part}.xml`)
  })

  it('lists every seeded category, product, promotion and article', async () => {
    const seeded = (await (await fetch(`${stack.mockUrl}/webgate/v2/goods/search?pageSize=1`)).json()) as {
      total: number
    }
    const products = await (await get('/sitemap-products-1.xml')).text()
    expect(products.match(/<loc>/g)?.length).toBe(seeded.total)
    expect(products).toContain(`${stack.config.publicOrigin}/product/${goods.id}-${goods.slug}</loc>`)
    const categories = await (await get('/sitemap-categories.xml')).text()
    expect(categories).toContain(`/catalog/${category.id}-${category.slug}</loc>`)
    const promotions = (await (await fetch(`${stack.mockUrl}/webgate/v1/promotions?pageSize=1`)).json()) as {
      total: number
    }
    const promoXml = await (await get('/sitemap-promotions.xml')).text()
    expect(promoXml.match(/\/promo-product\//g)?.length).toBe(promotions.total)
    const articles = (await (
      await fetch(`${stack.mockUrl}/webgate/v1/cosmetic-aurora/articles?pageSize=1`)
    ).json()) as { total: number }
    const articleXml = await (await get('/sitemap-articles.xml')).text()
    expect(articleXml.match(/\/articles\/\d+-/g)?.length).toBe(articles.total)
    expect((await get('/sitemap-products-2.xml')).status).toBe(404)
  })
})

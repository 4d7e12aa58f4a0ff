/** Type contract of `href`: a missing or wrong param fails to compile (checked by `tsc --noEmit`). */
import { expectTypeOf, test } from 'vitest'
import { href } from './href.ts'

test('href needs the params of its route', () => {
  // @ts-expect-error the product route needs its `product` id
  href('product', {})
  // @ts-expect-error the article route needs its params object
  href('article')
  // @ts-expect-error the slug of an article is required
  href('article', { id: 3 })
  // @ts-expect-error a route name that does not exist
  href('no-such-route')
  // @ts-expect-error a param of the wrong type
  href('product', { product: true })

  expectTypeOf(href('product', { product: 12, slug: 'krem' })).toBeString()
  expectTypeOf(href('product', { product: '12' })).toBeString()
  expectTypeOf(href('main')).toBeString()
})

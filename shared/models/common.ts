/**
 * Building blocks shared by every gateway payload: images, money, paging, and the query-string
 * readers that turn the wire's strings (and repeated keys) into typed values.
 */
import * as z from 'zod/mini'

/** A positive integer id in a path or a body. */
export const IdSchema = z.int().check(z.positive())

/** A positive integer id read from a path segment or a query string (`"42"` becomes `42`). */
export const IdParamSchema = z.pipe(z.coerce.number(), z.int().check(z.positive()))

/** An integer read from a query string, at least `min`. */
export const queryInt = (min: number) => z.pipe(z.coerce.number(), z.int().check(z.minimum(min)))

/** A number read from a query string. */
export const queryNumber = () => z.pipe(z.coerce.number(), z.number())

/** A boolean read from a query string: `true`/`1` or `false`/`0`. */
export const queryBool = () =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
    z.transform((value) => value === true || value === 'true' || value === '1'),
  )

/** A list read from repeated query keys (`brand=a&brand=b`); a single key gives a one-item list. */
export const queryList = () =>
  z.pipe(
    z.union([z.string(), z.array(z.string())]),
    z.transform((value) => (Array.isArray(value) ? value : [value])),
  )

/** A list of integer ids read from repeated query keys. */
export const queryIdList = () =>
  z.pipe(
    z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
    z.transform((value, ctx) => {
      const ids = (Array.isArray(value) ? value : [value]).map(Number)
      if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
        ctx.issues.push({ code: 'custom', message: 'expected positive integer ids', input: value })
      }
      return ids
    }),
  )

/** Maximum page size of list endpoints. */
export const PAGE_SIZE_MAX = 100

/** Paging query of every list: `page` is 1-based, `pageSize` at most 100. */
export const PageQuerySchema = z.object({
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** Wraps an item schema into the answer of a paged list: `{ items, total, page, pageSize }`. */
export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.int().check(z.nonnegative()),
    page: z.int().check(z.positive()),
    pageSize: z.int().check(z.positive()),
  })

/** An image the browser loads through the storefront's proxy (`/webgate/media/...`). */
export const ImageSchema = z.object({
  url: z.string().check(z.minLength(1)),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  alt: z.string(),
})
export type Image = z.infer<typeof ImageSchema>

/** A price in roubles; kopecks are allowed (`199.9`). */
export const PriceSchema = z.number().check(z.nonnegative())

/** An ISO 8601 timestamp in UTC (`2025-03-01T10:00:00.000Z`). */
export const TimestampSchema = z.iso.datetime()

/** A calendar date `YYYY-MM-DD`. */
export const DateSchema = z.iso.date()

/** A Russian mobile phone as digits with the country prefix: `79001234567` (spec section 5). */
export const PhoneSchema = z.string().check(z.regex(/^7\d{10}$/))

/** The answer of calls that only acknowledge: `{ ok: true }`. */
export const OkSchema = z.object({ ok: z.literal(true) })

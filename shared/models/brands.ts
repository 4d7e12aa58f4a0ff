/** Brands of the catalogue. */
import * as z from 'zod/mini'
import { IdSchema, ImageSchema } from './common.ts'

/** A brand as goods refer to it. */
export const BrandRefSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Latin transliteration, also the value of the `brand` filter. */
  slug: z.string(),
})

/** A brand with its logo and how many goods it has. */
export const BrandSchema = z.extend(BrandRefSchema, {
  logo: ImageSchema,
  goodsCount: z.int().check(z.nonnegative()),
})
export type Brand = z.infer<typeof BrandSchema>

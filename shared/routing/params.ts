import * as z from 'zod/mini'

/** A route id: a positive integer written without sign, leading zeros or exponent (spec: ids are positive integers). */
export const idParam = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,14}$/)),
  z.transform((value) => Number(value)),
)

/**
 * A slug as it arrives: any non-empty text. A wrong slug is not an error; the page redirects to
 * its canonical URL once its data is known.
 */
export const slugParam = z.string().check(z.minLength(1), z.maxLength(300))

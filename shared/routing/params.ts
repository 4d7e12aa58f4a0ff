/**
 * Route param parsers: tiny functions rather than schema objects, so the route table (in every
 * browser's first load) carries no schema library. A parser returns the value or undefined.
 */

/** Parses one raw path param. */
export type ParamParser<T> = ((raw: string | undefined) => T | undefined) & { readonly optional?: true }

/** Parses a route's raw params into typed ones; undefined when any param is invalid (rule 5). */
export type ParamsParser<T> = (raw: Readonly<Record<string, string>>) => T | undefined

/** A route id: a positive integer written without sign, leading zeros or exponent (spec: ids are positive integers). */
export const idParam: ParamParser<number> = (raw) =>
  raw !== undefined && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined

/**
 * A slug as it arrives: any non-empty text up to 300 characters. A wrong slug is not an error; the
 * page redirects to its canonical URL once its data is known.
 */
export const slugParam: ParamParser<string> = (raw) =>
  raw !== undefined && raw.length >= 1 && raw.length <= 300 ? raw : undefined

/** A gateway's string id (`o-1024`): letters, digits, `_` and `-`, 1 to 64 characters. */
export const stringIdParam: ParamParser<string> = (raw) =>
  raw !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : undefined

/** Makes a param optional: absent is fine, present must still be valid. */
export function optionalParam<T>(parser: ParamParser<T>): ParamParser<T | undefined> & { readonly optional: true } {
  const optional = ((raw: string | undefined) => (raw === undefined ? undefined : parser(raw))) as ParamParser<
    T | undefined
  >
  return Object.assign(optional, { optional: true as const })
}

type Simplify<T> = { [K in keyof T]: T[K] } & {}
type Parsed<S> = Simplify<
  {
    [K in keyof S as S[K] extends { optional: true } ? never : K]: S[K] extends ParamParser<infer T>
      ? Exclude<T, undefined>
      : never
  } & {
    [K in keyof S as S[K] extends { optional: true } ? K : never]?: S[K] extends ParamParser<infer T> ? T : never
  }
>

/** Combines param parsers into a route's params parser. */
export function paramsOf<S extends Record<string, ParamParser<unknown>>>(shape: S): ParamsParser<Parsed<S>> {
  return (raw) => {
    const result: Record<string, unknown> = {}
    for (const [key, parser] of Object.entries(shape)) {
      const value = parser(raw[key])
      if (value === undefined) {
        if (parser.optional && raw[key] === undefined) continue
        return undefined
      }
      result[key] = value
    }
    return result as Parsed<S>
  }
}

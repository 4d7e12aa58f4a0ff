/** What framework.test.ts reads of framework.mjs. */
/** swr's module that holds the prefetch warning. */
export const SWR_WITH_PREFETCH_WARNING: RegExp
/** `source` without swr's prefetch warning; throws when it has none. */
export function withoutPrefetchWarning(source: string, path: string): string

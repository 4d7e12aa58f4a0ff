import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SWR_WITH_PREFETCH_WARNING, withoutPrefetchWarning } from './framework.mjs'

const swrDist = join(process.cwd(), 'node_modules/swr/dist')
const swrFiles = readdirSync(swrDist)
  .map((name) => join(swrDist, name))
  .filter((path) => SWR_WITH_PREFETCH_WARNING.test(path))

describe('withoutPrefetchWarning', () => {
  it('drops the warning statement, and only it, from the installed swr', () => {
    expect(swrFiles).toHaveLength(1)
    const source = readFileSync(swrFiles[0]!, 'utf8')
    const dropped = withoutPrefetchWarning(source, swrFiles[0]!)
    expect(dropped).not.toContain('Missing pre-initiated data')
    expect(source.length - dropped.length).toBeGreaterThan(200)
    expect(source.length - dropped.length).toBeLessThan(400)
    // The condition stays, with an empty body: the code around is untouched.
    expect(dropped).toContain('if (strictServerPrefetchWarning && isHydration && !suspense && hasKeyButNoData) {')
  })

  it('fails the build when an swr release no longer has the warning', () => {
    expect(() => withoutPrefetchWarning('export const x = 1', 'use-swr-x.mjs')).toThrow(
      /prefetch warning was not found/,
    )
  })
})

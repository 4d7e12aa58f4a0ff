import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The module with a fresh Back/Forward mark, in a window whose connection reads `effectiveType`. */
async function load(effectiveType: string | undefined) {
  const listeners = new Map<string, () => void>()
  vi.stubGlobal('window', { addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) })
  vi.stubGlobal('navigator', effectiveType === undefined ? {} : { connection: { effectiveType } })
  vi.resetModules()
  const module = await import('./document-navigation.ts')
  return { ...module, popstate: () => listeners.get('popstate')?.() }
}

describe('documentNavigationPreferred', () => {
  beforeEach(() => vi.unstubAllGlobals())
  afterEach(() => vi.unstubAllGlobals())

  it('prefers a document load to another path on slow-2g and 2g only', async () => {
    for (const type of ['slow-2g', '2g']) expect((await load(type)).documentNavigationPreferred(true)).toBe(true)
    for (const type of ['3g', '4g', undefined]) expect((await load(type)).documentNavigationPreferred(true)).toBe(false)
  })

  it('keeps a new query of the same path a client navigation', async () => {
    expect((await load('2g')).documentNavigationPreferred(false)).toBe(false)
  })

  it('keeps Back and Forward client navigations, once each', async () => {
    const { documentNavigationPreferred, popstate } = await load('2g')
    popstate()
    expect(documentNavigationPreferred(true)).toBe(false)
    expect(documentNavigationPreferred(true)).toBe(true)
  })
})

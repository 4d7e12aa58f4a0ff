import { describe, expect, it } from 'vitest'
import { packBoot } from '#client/app/boot-pack.ts'
import { serializeBootData, type BootData } from '#client/app/boot.ts'
import { markShared } from '#shared/shared-mark.ts'
import { DataBlocks } from './data-block.ts'

const cards = markShared({
  items: [1, 2, 3].map((id) => ({ id, name: `Крем <${id}> & тоник`, image: `/webgate/media/goods/${id}-1.svg` })),
  total: 3,
})
const place = markShared({ id: 1, name: 'Уход за лицом', path: [] })

const boot = (fallback: Record<string, unknown>): BootData => ({
  config: { product: 'aurora' } as unknown as BootData['config'],
  session: { authorized: false, userId: undefined, incompleteProfile: false, ecomEnabled: false },
  view: {
    kind: 'page',
    route: 'catalog-category',
    params: { category: 1 },
    search: { q: '</script>' },
    keys: { goods: '#goods', place: '#place' },
  } as unknown as BootData['view'],
  fallback,
})

describe('data blocks', () => {
  it('writes exactly what serializing the packed boot data writes', () => {
    const blocks = new DataBlocks(10)
    for (const fallback of [{ '#goods': cards, '#place': place }, { '#goods': { ...cards }, '#place': null }, {}]) {
      expect(blocks.serialize(boot(fallback))).toBe(serializeBootData(packBoot(boot(fallback))))
    }
  })

  it('keeps the fallback text of shared values by their identity, never of values that are not', () => {
    const blocks = new DataBlocks(10)
    blocks.serialize(boot({ '#goods': cards, '#place': place }))
    expect(blocks.size).toBe(1)
    const first = blocks.serialize(boot({ '#goods': cards, '#place': place }))
    expect(first).toBe(serializeBootData(packBoot(boot({ '#goods': cards, '#place': place }))))
    // The same keys with another (equal but not the same) value: packed again, never the kept text.
    const changed = markShared({ ...cards, total: 4 })
    expect(blocks.serialize(boot({ '#goods': changed, '#place': place }))).toContain('"total":4')
    const personal = { items: [], total: 0 }
    blocks.serialize(boot({ '#basket': personal }))
    expect(blocks.size).toBe(1)
  })

  it('keeps at most its bound, and nothing with a bound of 0', () => {
    const blocks = new DataBlocks(2)
    for (const key of ['#a', '#b', '#c']) blocks.serialize(boot({ [key]: place }))
    expect(blocks.size).toBe(2)
    const none = new DataBlocks(0)
    none.serialize(boot({ '#a': place }))
    expect(none.size).toBe(0)
  })
})

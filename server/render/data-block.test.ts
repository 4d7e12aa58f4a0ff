import { describe, expect, it } from 'vitest'
import { packBoot, packFallback, unpackBoot } from '#client/app/boot-pack.ts'
import { serializeBootData, type BootData } from '#client/app/boot.ts'
import { dataBlockText } from './data-block.ts'

const cards = [1, 2, 3, 4].map((id) => ({ id, name: `Крем </script> ${id}`, brand: 'Аврора' }))
const place = { category: { id: 12, name: 'Лицо' } }
const boot = (fallback: Record<string, unknown>): BootData =>
  ({
    config: { siteName: 'Аврора' },
    session: { authorized: false },
    view: { kind: 'page', route: 'catalog-category', keys: { goods: '#goods', place: '#place' } },
    fallback,
  }) as unknown as BootData

describe('dataBlockText', () => {
  it('writes exactly the bytes of serializeBootData(packBoot(boot))', () => {
    for (const fallback of [{}, { '#goods': cards }, { '#goods': cards, '#place': place }])
      expect(dataBlockText(boot(fallback))).toBe(serializeBootData(packBoot(boot(fallback))))
  })

  it("uses a kept value's packed text as it is and packs only the others", () => {
    const seen: string[] = []
    const text = dataBlockText(boot({ '#goods': cards, '#place': place }), (key, value) => {
      seen.push(key)
      return value === cards ? serializeBootData(packFallback(cards)) : undefined
    })
    expect(seen).toEqual(['#goods', '#place'])
    expect(text).toBe(serializeBootData(packBoot(boot({ '#goods': cards, '#place': place }))))
    expect(text).not.toContain('</script>')
    expect(unpackBoot(JSON.parse(text))).toEqual(boot({ '#goods': cards, '#place': place }))
  })
})

/**
 * The page's data block (`__BOOT__`): the boot data packed and serialized for the script element. The
 * fallback is packed member by member (`packFallbackMembers`), so a value the query store keeps brings
 * its packed text along (made once per entry, decision 025) and only the rest is packed here: the same
 * bytes as `serializeBootData(packBoot(boot))`.
 */
import { packBoot, packFallback } from '#client/app/boot-pack.ts'
import { serializeBootData, type BootData } from '#client/app/boot.ts'

/** The boot data's JSON, the end of which the serialized fallback replaces. */
const FALLBACK_LAST = ',"fallback":null}'

/** The data block's text for `boot`; `packedOf(key, value)` gives a kept value's packed text, if any. */
export function dataBlockText(
  boot: BootData,
  packedOf: (key: string, value: unknown) => string | undefined = () => undefined,
): string {
  const kept: Array<string | undefined> = []
  let anyKept = false
  for (const key in boot.fallback) {
    const text = boot.fallback[key] === undefined ? undefined : packedOf(key, boot.fallback[key])
    kept.push(text)
    anyKept ||= text !== undefined
  }
  // Nothing kept (the store off, a personal page): one serialization of the whole, the cheapest.
  if (!anyKept) return serializeBootData(packBoot(boot))
  const rest = serializeBootData(packBoot(boot, null))
  // The fallback is the last member (BootData's order); anything else takes the plain path.
  if (!rest.endsWith(FALLBACK_LAST)) return serializeBootData(packBoot(boot))
  const members: string[] = []
  let index = 0
  for (const key in boot.fallback) {
    const value = boot.fallback[key]
    const text = kept[index++]
    if (value === undefined) continue
    members.push(serializeBootData(key) + ':' + (text ?? serializeBootData(packFallback(value))))
  }
  return rest.slice(0, -FALLBACK_LAST.length + 1) + '"fallback":{' + members.join(',') + '}}'
}

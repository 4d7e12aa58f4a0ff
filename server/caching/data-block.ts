/**
 * The page's data block (`__BOOT__`): the boot data packed and serialized for the script
 * element. Packing the fallback is most of the work (a tenth of an uncached home page's CPU), and on
 * anonymous pages the fallback is mostly the same objects from request to request: answers the server
 * keeps by their bytes and views made once from them are marked shared (decision 016, `markShared`). So the serialized fallback is kept by the identity of its values, per list of keys:
 * the same keys with the very same values give the same text. A fallback with a value that is not
 * shared (personal data, an answer just changed) is packed as usual and not kept.
 */
import { packBoot, packFallback } from '#client/app/boot-pack.ts'
import { serializeBootData, type BootData } from '#client/app/boot.ts'
import { isShared } from '#shared/shared-mark.ts'

interface Entry {
  values: unknown[]
  json: string
}

/** The boot data's JSON, the end of which the serialized fallback replaces. */
const FALLBACK_LAST = ',"fallback":null}'

/** Serialized data blocks, the fallback's text kept for shared values (least recently used out). */
export class DataBlocks {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly maxEntries: number) {}

  /** The data block's text for `boot`: exactly `serializeBootData(packBoot(boot))`. */
  serialize(boot: BootData): string {
    const rest = serializeBootData(packBoot(boot, null))
    // The fallback is the last member (BootData's order); anything else takes the plain path.
    if (!rest.endsWith(FALLBACK_LAST)) return serializeBootData(packBoot(boot))
    return rest.slice(0, -FALLBACK_LAST.length + 1) + '"fallback":' + this.fallbackJson(boot.fallback) + '}'
  }

  /** Fallback lists kept now. */
  get size(): number {
    return this.entries.size
  }

  private fallbackJson(fallback: Record<string, unknown>): string {
    const keys = Object.keys(fallback)
    const values = keys.map((key) => fallback[key])
    const shared = this.maxEntries > 0 && values.every(isShared)
    if (!shared) return serializeBootData(packFallback(fallback))
    const id = keys.join('\n')
    const entry = this.entries.get(id)
    if (
      entry &&
      entry.values.length === values.length &&
      entry.values.every((value, index) => value === values[index])
    ) {
      this.entries.delete(id)
      this.entries.set(id, entry)
      return entry.json
    }
    const json = serializeBootData(packFallback(fallback))
    this.entries.delete(id)
    this.entries.set(id, { values, json })
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    return json
  }
}

/** The volume or weight that ends a goods name (`…, 30 мл`), split off so a clamped name never hides it. */
const VOLUME_AT_END = /,\s*(\d+(?:[.,]\d+)?(?:\s*[x×]\s*\d+(?:[.,]\d+)?)?\s*(?:мл|л|г|кг|мг|шт\.?|таб\.?|пак\.?))\s*$/i

/** `{ name, volume }` of a goods name; `volume` is undefined when the name does not end with one. */
export function splitVolume(fullName: string): { name: string; volume: string | undefined } {
  const match = VOLUME_AT_END.exec(fullName)
  if (!match?.[1]) return { name: fullName, volume: undefined }
  return { name: fullName.slice(0, match.index).trimEnd(), volume: match[1] }
}

import { describe, expect, it } from 'vitest'
import { PICTURES_KEPT, keptPictureCount, mediaWebp } from './media.ts'

describe('the mock pictures', () => {
  it('keeps at most PICTURES_KEPT encoded files however many invented names are asked for', () => {
    for (let i = 0; i < PICTURES_KEPT + 200; i++) mediaWebp('banks', `flood-${i}`)
    expect(keptPictureCount()).toBe(PICTURES_KEPT)
    // A kept file is served again as the same bytes; an evicted one is encoded again, equal.
    const last = mediaWebp('banks', `flood-${PICTURES_KEPT + 199}`)
    expect(mediaWebp('banks', `flood-${PICTURES_KEPT + 199}`)).toBe(last)
    expect(mediaWebp('banks', 'flood-0').equals(mediaWebp('banks', 'flood-0'))).toBe(true)
    expect(keptPictureCount()).toBe(PICTURES_KEPT)
  })
})

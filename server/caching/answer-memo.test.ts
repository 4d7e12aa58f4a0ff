import { describe, expect, it } from 'vitest'
import { AnswerMemo } from './answer-memo.ts'
import { isShared } from '#shared/shared-mark.ts'

/** An answer's body. */
const b = (text: string) => new TextEncoder().encode(text)

describe('answer memo', () => {
  it('answers the kept value only for the same bytes of the same URL, and counts hits and misses', () => {
    const lookups: boolean[] = []
    const memo = new AnswerMemo({ maxEntries: 10, maxBytes: 1_000, onLookup: (hit) => lookups.push(hit) })
    const value = { items: [{ id: 1 }] }
    memo.set('/a', b('{"items":[{"id":1}]}'), value)
    expect(memo.get('/a', b('{"items":[{"id":1}]}'))).toBe(value)
    expect(memo.get('/a', b('{"items":[{"id":2}]}'))).toBeUndefined()
    expect(memo.get('/b', b('{"items":[{"id":1}]}'))).toBeUndefined()
    expect(lookups).toEqual([true, false, false])
  })

  it('marks what it keeps shared (deeply frozen), since every request with that text uses it', () => {
    const memo = new AnswerMemo({ maxEntries: 10, maxBytes: 1_000 })
    const value = { items: [{ id: 1, tags: ['a'] }] }
    memo.set('/a', b('text'), value)
    expect(isShared(value)).toBe(true)
    expect(isShared(value.items[0]!.tags)).toBe(true)
    expect(Object.isFrozen(value.items[0]!.tags)).toBe(true)
    expect(() => value.items.push({ id: 2, tags: [] })).toThrow(TypeError)
  })

  it('drops the least recently used URL past its entries or its bytes', () => {
    const memo = new AnswerMemo({ maxEntries: 2, maxBytes: 10 })
    memo.set('/a', b('aaa'), 1)
    memo.set('/b', b('bbb'), 2)
    expect(memo.get('/a', b('aaa'))).toBe(1)
    memo.set('/c', b('ccc'), 3)
    expect(memo.size).toBe(2)
    expect(memo.get('/b', b('bbb'))).toBeUndefined()
    memo.set('/d', b('dddddddd'), 4)
    expect(memo.get('/a', b('aaa'))).toBeUndefined()
    expect(memo.get('/c', b('ccc'))).toBeUndefined()
    expect(memo.get('/d', b('dddddddd'))).toBe(4)
    memo.set('/d', b('a text longer than ten'), 5)
    expect(memo.get('/d', b('dddddddd'))).toBe(4)
  })

  it('keeps nothing with no entries allowed', () => {
    const memo = new AnswerMemo({ maxEntries: 0, maxBytes: 1_000 })
    memo.set('/a', b('aaa'), 1)
    expect(memo.size).toBe(0)
  })
})

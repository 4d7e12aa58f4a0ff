import { describe, expect, it } from 'vitest'
import { AnswerMemo } from './answer-memo.ts'

describe('answer memo', () => {
  it('answers the kept value only for the same text of the same URL, and counts hits and misses', () => {
    const lookups: boolean[] = []
    const memo = new AnswerMemo({ maxEntries: 10, maxChars: 1_000, onLookup: (hit) => lookups.push(hit) })
    const value = { items: [{ id: 1 }] }
    memo.set('/a', '{"items":[{"id":1}]}', value)
    expect(memo.get('/a', '{"items":[{"id":1}]}')).toBe(value)
    expect(memo.get('/a', '{"items":[{"id":2}]}')).toBeUndefined()
    expect(memo.get('/b', '{"items":[{"id":1}]}')).toBeUndefined()
    expect(lookups).toEqual([true, false, false])
  })

  it('freezes what it keeps, deeply, since every request with that text shares it', () => {
    const memo = new AnswerMemo({ maxEntries: 10, maxChars: 1_000 })
    const value = { items: [{ id: 1, tags: ['a'] }] }
    memo.set('/a', 'text', value)
    expect(Object.isFrozen(value)).toBe(true)
    expect(Object.isFrozen(value.items[0]!.tags)).toBe(true)
    expect(() => value.items.push({ id: 2, tags: [] })).toThrow(TypeError)
  })

  it('drops the least recently used URL past its entries or its characters', () => {
    const memo = new AnswerMemo({ maxEntries: 2, maxChars: 10 })
    memo.set('/a', 'aaa', 1)
    memo.set('/b', 'bbb', 2)
    expect(memo.get('/a', 'aaa')).toBe(1)
    memo.set('/c', 'ccc', 3)
    expect(memo.size).toBe(2)
    expect(memo.get('/b', 'bbb')).toBeUndefined()
    memo.set('/d', 'dddddddd', 4)
    expect(memo.get('/a', 'aaa')).toBeUndefined()
    expect(memo.get('/c', 'ccc')).toBeUndefined()
    expect(memo.get('/d', 'dddddddd')).toBe(4)
    memo.set('/d', 'a text longer than ten', 5)
    expect(memo.get('/d', 'dddddddd')).toBe(4)
  })

  it('keeps nothing with no entries allowed', () => {
    const memo = new AnswerMemo({ maxEntries: 0, maxChars: 1_000 })
    memo.set('/a', 'aaa', 1)
    expect(memo.size).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'
import { correctQuery, editDistance, wordsOf } from './did-you-mean.ts'

const KNOWN = ['Кремы для лица', 'Крем для рук «Бархат»', 'Крем для ног', 'шампунь', 'тушь', 'Тушь для ресниц']

describe('did you mean', () => {
  it.each([
    ['крем', 'крем', 0],
    ['кремм', 'крем', 1],
    ['крме', 'крем', 1],
    ['шампнуь', 'шампунь', 1],
    ['ззззкк', 'крем', 3],
  ])('counts the edits from %s to %s as %i (over the limit: limit + 1)', (a, b, expected) => {
    expect(editDistance(a, b, 2)).toBe(expected)
  })

  it.each([
    ['кремм', 'крем'],
    ['Шампнуь', 'шампунь'],
    ['тущь для ресниц', 'тушь для ресниц'],
    ['кремм для рукк', 'крем для рук'],
  ])('offers %s → %s', (query, expected) => {
    expect(correctQuery(query, KNOWN)).toBe(expected)
  })

  it.each(['ззззкк', 'крем', 'для', 'кот'])('offers nothing for %s (nothing close, or nothing to correct)', (query) => {
    expect(correctQuery(query, KNOWN)).toBeUndefined()
  })

  it('reads words in lower case with ё as е', () => {
    expect(wordsOf('Ёжик, «Крем» 50 мл')).toEqual(['ежик', 'крем', '50', 'мл'])
  })
})

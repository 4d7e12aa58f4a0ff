import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keptAtText } from './kept-at-text.ts'

describe('keptAtText', () => {
  beforeEach(() => vi.stubEnv('TZ', 'Europe/Moscow'))
  afterEach(() => vi.unstubAllEnvs())

  it('says only the time for data kept today', () => {
    expect(keptAtText('2026-03-12T11:32:00Z', new Date('2026-03-12T18:00:00Z'))).toBe('Нет сети: данные на 14:32')
  })

  it('adds the date for data kept on an earlier day', () => {
    expect(keptAtText('2026-03-10T06:05:00Z', new Date('2026-03-12T18:00:00Z'))).toBe(
      'Нет сети: данные на 10 марта 2026, 09:05',
    )
  })

  it('says only «Нет сети» for a broken time', () => {
    expect(keptAtText('not a time', new Date())).toBe('Нет сети')
  })
})

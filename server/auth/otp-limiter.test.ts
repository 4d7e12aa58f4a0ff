import { describe, expect, it } from 'vitest'
import { createMemoryLimiter } from './otp-limiter.ts'

describe('createMemoryLimiter', () => {
  it('allows the limit per key within the window, then refuses', async () => {
    let now = 0
    const limiter = createMemoryLimiter({ limit: 2, windowMs: 1000, now: () => now })
    expect(await limiter.take('a')).toBe(true)
    expect(await limiter.take('a')).toBe(true)
    expect(await limiter.take('a')).toBe(false)
    expect(await limiter.take('b')).toBe(true)
    now = 1001
    expect(await limiter.take('a')).toBe(true)
  })

  it('forgets the oldest keys past its capacity', async () => {
    const limiter = createMemoryLimiter({ limit: 1, windowMs: 1000, maxKeys: 2, now: () => 0 })
    await limiter.take('a')
    await limiter.take('b')
    await limiter.take('c')
    expect(await limiter.take('a')).toBe(true)
  })
})

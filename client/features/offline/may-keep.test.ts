import { describe, expect, it } from 'vitest'
import { mayKeep } from './may-keep.ts'

const answer = (headers: Record<string, string>, status = 200, type: ResponseType = 'basic') => ({
  status,
  type,
  headers: new Headers(headers),
})

describe('mayKeep', () => {
  it('keeps a complete answer of our own origin with a public cache lifetime', () => {
    expect(mayKeep(answer({ 'cache-control': 'public, max-age=31536000, immutable' }))).toBe(true)
    expect(mayKeep(answer({ 'cache-control': 'no-cache' }))).toBe(true)
  })

  it.each([
    ['private', answer({ 'cache-control': 'private, max-age=60' })],
    ['no-store', answer({ 'cache-control': 'no-store' })],
    ['a cookie', answer({ 'set-cookie': 'user_id=1' })],
    ['a partial answer', answer({}, 206)],
    ['an error', answer({}, 503)],
    ['another origin', answer({}, 200, 'cors')],
  ])('never keeps an answer with %s', (_, response) => {
    expect(mayKeep(response)).toBe(false)
  })
})

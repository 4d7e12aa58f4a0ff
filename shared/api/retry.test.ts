import { describe, expect, it } from 'vitest'
import { isErrorStatus, RETRY_STATUSES, retryBudget, shouldRetryStatus } from './retry.ts'
import type { HttpMethod } from './endpoint.ts'

const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504]
const NOT_RETRIED = [200, 204, 304, 400, 401, 403, 404, 410, 413, 422, 431, 501, 505, 599]
const OTHER_METHODS: HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE']

describe('the retry policy of spec section 7', () => {
  it('lists exactly the eight retried statuses', () => {
    expect([...RETRY_STATUSES].sort()).toEqual(RETRIED)
  })

  it.each(RETRIED)('retries a GET answered %i once', (status) => {
    expect(shouldRetryStatus('GET', status, 0)).toBe(true)
    expect(shouldRetryStatus('GET', status, 1)).toBe(false)
  })

  it.each(OTHER_METHODS.flatMap((method) => RETRIED.map((status) => [method, status] as const)))(
    'never retries %s answered %i',
    (method, status) => {
      expect(shouldRetryStatus(method, status, 0)).toBe(false)
    },
  )

  it.each(NOT_RETRIED)('never retries a GET answered %i', (status) => {
    expect(shouldRetryStatus('GET', status, 0)).toBe(false)
  })

  it.each([
    ['GET', 1],
    ['POST', 0],
    ['PUT', 0],
    ['PATCH', 0],
    ['DELETE', 0],
  ] as const)('gives %s a budget of %i retries', (method, budget) => {
    expect(retryBudget(method)).toBe(budget)
  })

  it.each([
    [399, false],
    [400, true],
    [401, true],
    [404, true],
    [422, true],
    [499, true],
    [500, true],
    [503, true],
    [599, true],
    [600, false],
    [200, false],
    [204, false],
    [302, false],
  ])('counts %i as an error: %s', (status, expected) => {
    expect(isErrorStatus(status)).toBe(expected)
  })
})

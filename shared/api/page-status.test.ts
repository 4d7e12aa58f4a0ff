import { describe, expect, it } from 'vitest'
import { AppError, type ErrorCode } from './errors.ts'
import { isNotFoundStatus, pageStatusFor } from './page-status.ts'

describe('the page status of a failed essential query', () => {
  it.each<[ErrorCode, number | undefined, number]>([
    ['not_found', undefined, 404],
    ['unprocessable', undefined, 422],
    ['timeout', undefined, 504],
    ['unavailable', undefined, 503],
    ['upstream', 500, 502],
    ['upstream', 502, 502],
    ['network', undefined, 502],
    ['invalid_response', undefined, 502],
    ['unauthorized', undefined, 502],
    ['bad_request', 400, 502],
  ])('turns %s (status %s) into %i', (code, status, expected) => {
    expect(pageStatusFor(new AppError(code, 'x', status === undefined ? {} : { status }))).toBe(expected)
  })
})

describe('isNotFoundStatus', () => {
  it.each([
    [404, true],
    [422, true],
    [400, false],
    [500, false],
    [502, false],
  ])('%i gets the not-found view: %s', (status, expected) => {
    expect(isNotFoundStatus(status)).toBe(expected)
  })
})

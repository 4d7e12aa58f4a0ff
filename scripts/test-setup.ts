/**
 * Vitest setup: a console.error in a test fails it, unless the test opts in with
 * `vi.spyOn(console, 'error').mockImplementation(() => {})` (React hydration warnings land here).
 */
import { afterEach, beforeEach, vi } from 'vitest'

let errors: unknown[][] = []
const original = console.error

beforeEach(() => {
  errors = []
  console.error = (...args: unknown[]) => {
    errors.push(args)
    original(...args)
  }
})

afterEach(() => {
  const unexpected = vi.isMockFunction(console.error) ? [] : errors
  console.error = original
  if (unexpected.length > 0) throw new Error(`console.error was called: ${String(unexpected[0]?.[0])}`)
})

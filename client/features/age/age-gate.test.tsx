import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { STORAGE } from '#shared/cookies.ts'
import { AgeGate } from './age-gate.tsx'
import { isAgeConfirmed, rememberAgeConfirmed } from './age-storage.ts'

describe('AgeGate', () => {
  it('puts the blur marker in the server HTML of restricted goods (no flash of content), without the modal', () => {
    const html = renderToString(
      <Router ssrPath="/product/1">
        <AgeGate restricted />
      </Router>,
    )
    expect(html).toContain('age-gate-veil')
    expect(html).not.toContain('role="dialog"')
  })

  it('renders nothing for other goods', () => {
    expect(
      renderToString(
        <Router ssrPath="/product/1">
          <AgeGate restricted={false} />
        </Router>,
      ),
    ).toBe('')
  })

  it('remembers the confirmation on the device', () => {
    const data = new Map<string, string>()
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    }
    expect(isAgeConfirmed(storage)).toBe(false)
    rememberAgeConfirmed(storage)
    expect(data.get(STORAGE.ageConfirmed)).toBe('1')
    expect(isAgeConfirmed(storage)).toBe(true)
    expect(isAgeConfirmed(undefined)).toBe(false)
  })
})

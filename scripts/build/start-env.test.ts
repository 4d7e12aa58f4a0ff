import { describe, expect, it } from 'vitest'
import { startEnv, storefrontOrigin } from './start-env.mjs'

describe('npm start environment', () => {
  it.each([
    [{}, 'http://127.0.0.1:3000'],
    [{ PORT: '3200' }, 'http://127.0.0.1:3200'],
    [{ HOST: '0.0.0.0', PORT: '3200' }, 'http://127.0.0.1:3200'],
    [{ HOST: 'localhost', PORT: '8080' }, 'http://localhost:8080'],
    [{ HOST: '::1', PORT: '3200' }, 'http://[::1]:3200'],
    [{ PORT: '3200', PUBLIC_ORIGIN: 'https://shop.example/path' }, 'https://shop.example'],
  ])('derives the storefront origin of %j as %s', (env, origin) => {
    expect(storefrontOrigin(env)).toBe(origin)
  })

  it('gives the mock the payment-form return origin of PORT', () => {
    expect(startEnv({ PORT: '3200' }).MOCK_STOREFRONT_ORIGIN).toBe('http://127.0.0.1:3200')
  })

  it('keeps a return origin the user set', () => {
    expect(startEnv({ PORT: '3200', MOCK_STOREFRONT_ORIGIN: 'http://shop.test:81' }).MOCK_STOREFRONT_ORIGIN).toBe(
      'http://shop.test:81',
    )
  })

  it('enables e-commerce for the seeded shopper unless told otherwise', () => {
    expect(startEnv({}).ECOM_USER_IDS).toBe('100001')
    expect(startEnv({ ECOM_USER_IDS: '' }).ECOM_USER_IDS).toBe('')
  })
})

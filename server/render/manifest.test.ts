import { describe, expect, it } from 'vitest'
import { preloadsFor, type ClientManifest } from './manifest.ts'

const manifest: ClientManifest = {
  buildId: 'b',
  entry: '/assets/entry.js',
  css: [],
  consentMark: '/assets/consent-mark.js',
  entryImports: ['/assets/framework.js', '/assets/shell.js'],
  framework: '/assets/framework.js',
  routes: { main: ['/assets/home.js', '/assets/kit.js'] },
  parts: { signedIn: ['/assets/user-menu.js'], ecom: ['/assets/cart-link.js', '/assets/kit.js'] },
}

describe('preloadsFor', () => {
  it('preloads the shell and the route for an anonymous visitor, no lazy part', () => {
    expect(preloadsFor(manifest, 'main')).toEqual([
      '/assets/framework.js',
      '/assets/shell.js',
      '/assets/home.js',
      '/assets/kit.js',
    ])
  })

  it('adds the user menu for a signed-in page and the cart parts for a shopper with e-commerce, each chunk once', () => {
    expect(preloadsFor(manifest, 'main', { signedIn: true, ecom: true })).toEqual([
      '/assets/framework.js',
      '/assets/shell.js',
      '/assets/home.js',
      '/assets/kit.js',
      '/assets/user-menu.js',
      '/assets/cart-link.js',
    ])
    expect(preloadsFor(manifest, undefined, { signedIn: true, ecom: false })).toEqual([
      '/assets/framework.js',
      '/assets/shell.js',
      '/assets/user-menu.js',
    ])
  })
})

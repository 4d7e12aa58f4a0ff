/**
 * The browser every test and bench here launches: Debian's Chromium, never a downloaded one
 * (`CHROMIUM_PATH` overrides its path), with the same flags (playwright.config.ts and scripts/bench/).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
])

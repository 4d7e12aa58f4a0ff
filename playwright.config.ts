import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/chromium.mjs'

/** Browser suite: Debian's Chromium, never a downloaded browser. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Visual review (e2e/visual.spec.ts): a small tolerance for anti-aliasing, none for layout.
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.002,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      stylePath: './e2e/visual.css',
    },
  },
  // Baselines without the platform suffix: the suite runs on Debian's Chromium only.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
  fullyParallel: false,
  // The suite is CPU-bound on two cores (Chromium's renderer and browser processes take four fifths of
  // it): four workers took 14.9 min for the whole suite, where two took 13.9 min in CI, and met more
  // timing flakes.
  workers: 2,
  // One retry in CI: a handful of the 399 specs wait on real timings (idle callbacks, prefetch delays,
  // a service worker's update) and fail now and then on a busy machine; a retried pass is reported as
  // flaky in the output, never hidden. Locally a failure stays a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    browserName: 'chromium',
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Recorded on the retry of a failed test only: recording every test (screencast frames and DOM
    // snapshots of each action) cost a fifth of the suite's CPU. `--trace on` records one spec at will.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] },
  },
})

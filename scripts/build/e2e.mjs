#!/usr/bin/env node
/**
 * Browser suite runner: makes sure Debian's Chromium is present (installing it with apt when missing
 * and running as root; otherwise saying exactly what to install), then runs Playwright on the build.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package")
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', 'chromium'], {
            stdio: 'inherit',
            env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          })
        : update
    if (install.status !== 0) process.exit(install.status ?? 1)
  } else {
    console.error(
      `Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    )
    process.exit(1)
  }
}
if (!existsSync(new URL('../../dist/BUILD_ID', import.meta.url))) {
  const build = spawnSync(process.execPath, ['scripts/build/build.mjs'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
})
process.exit(result.status ?? 1)

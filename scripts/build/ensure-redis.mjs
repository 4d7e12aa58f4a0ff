#!/usr/bin/env node
/**
 * Makes sure Debian's redis-server is present before the unit and integration tests, which start
 * real Redis servers (DESIGN.md section 6): installs it with apt when missing and running as root,
 * otherwise says exactly what to install.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const redisServer = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'
if (!existsSync(redisServer)) {
  if (process.getuid?.() === 0 && !process.env.REDIS_SERVER_PATH) {
    console.log("redis-server is missing: installing Debian's redis-server package")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    const install =
      update.status === 0 ? spawnSync('apt-get', ['install', '-y', 'redis-server'], { stdio: 'inherit', env }) : update
    if (install.status !== 0) process.exit(install.status ?? 1)
  } else {
    console.error(
      `redis-server not found at ${redisServer}. Install it with: sudo apt-get install -y redis-server (or set REDIS_SERVER_PATH).`,
    )
    process.exit(1)
  }
}

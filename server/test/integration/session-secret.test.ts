/**
 * The built server in production (NODE_ENV=production, as the image runs it) against a real gateway
 * refuses to start without SESSION_SECRET, naming it (decision 027): replicas must share the key of
 * the signed session cookie. With one it starts.
 */
import { spawnSync } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { DIST_DIR } from '#server/test/harness.ts'
import { SERVER_ENTRY, spawnServer, type SpawnedServer } from '#server/test/spawn.ts'

let server: SpawnedServer | undefined

afterEach(async () => {
  await server?.stop()
  server = undefined
})

// No gateway answers here: start-up does not call it (readiness only reports it).
const GATEWAY = { WEB_GATEWAY_URL: 'http://127.0.0.1:9/webgate', ID_GATEWAY_URL: 'http://127.0.0.1:9/aurora-id' }

describe('SESSION_SECRET in production', () => {
  it('stops start-up with one line naming it when it is missing', async () => {
    const run = spawnSync(process.execPath, [SERVER_ENTRY], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', DIST_DIR, ANTIFRAUD: 'off', ...GATEWAY },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'Invalid configuration: SESSION_SECRET is required in production (NODE_ENV=production with a real gateway or an https PUBLIC_ORIGIN)',
    )
  })

  it('starts with one', async () => {
    server = await spawnServer({ ...GATEWAY, SESSION_SECRET: 'a-session-secret-of-32-characters-or-more' })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})

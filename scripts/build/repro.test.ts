// `npm run repro` checks its ports before it starts anything, and says what to set.
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

/** Holds a free loopback port, as `npm start` would. */
function holdPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    servers.push(server)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
}

describe('npm run repro', () => {
  it('refuses a busy port, naming the variable and free ports to set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'repro-'))
    try {
      const file = join(dir, 'bug.json')
      await writeFile(file, JSON.stringify({ version: 1, product: 'aurora', seed: 20250301, clock: '' }))
      const store = await holdPort()
      const mock = await holdPort()
      const run = spawnSync(process.execPath, ['scripts/build/repro.mjs', file], {
        env: { ...process.env, PORT: String(store), MOCK_GATEWAY_PORT: String(mock), METRICS_PORT: '0' },
        encoding: 'utf8',
        timeout: 15_000,
      })
      expect(run.status).toBe(2)
      expect(run.stdout).not.toContain('the store runs at')
      expect(run.stderr).toContain(`port ${store} (the store's, PORT) is in use`)
      expect(run.stderr).toContain(`port ${mock} (the mock gateway's, MOCK_GATEWAY_PORT) is in use`)
      expect(run.stderr).toMatch(/choose free ports: PORT=\d+ MOCK_GATEWAY_PORT=\d+ npm run repro -- /)
    } finally {
      await rm(dir, { recursive: true })
    }
  })
})

import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const entry = fileURLToPath(new URL('./main.ts', import.meta.url))
let dir: string
let bundle: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mock-gateway-'))
  bundle = join(dir, 'index.mjs')
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  })
}, 60_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs the bundle; resolves with its first log line's URL, its output, and a way to wait for exit. */
function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${stdout} ${stderr}`)), 15_000)
    child.stdout.on('data', () => {
      const match = /"url":"(http:[^"]+)"/.exec(stdout)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    void exited.then(() => reject(new Error(`exited early: ${stderr}`)))
  })
  // Runs that are expected to fail never await `listening`; keep its rejection handled.
  listening.catch(() => undefined)
  return { child, exited, listening, output: () => ({ stdout, stderr }) }
}

describe('the standalone entry', () => {
  it('starts on port 0, answers, and stops cleanly on SIGTERM', async () => {
    const proc = run({ MOCK_GATEWAY_PORT: '0' })
    const url = await proc.listening
    expect((await fetch(`${url}/webgate/v2/web-common-content/cookies`)).status).toBe(200)
    const started = Date.now()
    proc.child.kill('SIGTERM')
    expect(await proc.exited).toBe(0)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(proc.output().stdout).toContain('"path":"/webgate/v2/web-common-content/cookies"')
  })

  it('never logs phones, codes or tokens', async () => {
    const proc = run({ MOCK_GATEWAY_PORT: '0' })
    const url = await proc.listening
    const otp = await (
      await fetch(`${url}/aurora-id/v1/auth/otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ aud: 'loyalty-web', phone: '79000000001' }),
      })
    ).json()
    await fetch(`${url}/aurora-id/v1/auth/otp/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ aud: 'loyalty-web', phone: '79000000001', attemptId: otp.attemptId, code: '12345' }),
    })
    proc.child.kill('SIGINT')
    expect(await proc.exited).toBe(0)
    const { stdout } = proc.output()
    expect(stdout).not.toContain('79000000001')
    expect(stdout).not.toContain('12345')
    expect(stdout).not.toContain(otp.attemptId)
  })

  it('stops at start-up with one line naming a bad variable', async () => {
    const proc = run({ MOCK_ACCESS_TTL_S: 'soon' })
    expect(await proc.exited).toBe(1)
    const lines = proc.output().stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('MOCK_ACCESS_TTL_S')
  })
})

// The README's curl examples are runnable as written: every `curl` of its ```sh blocks, from the fault
// switches to the bug states, is run in order with a real shell and curl against one fresh mock (its
// port in place of 4010), and must answer the status its `# → 201` comment gives.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockGateway, type RunningMockGateway } from './server.ts'

const run = promisify(execFile)

/** The curl commands of the README's ```sh blocks (a command runs on until its quotes close), with their statuses. */
async function examples(): Promise<{ command: string; status: number }[]> {
  const readme = await readFile(join(import.meta.dirname, 'README.md'), 'utf8')
  const commands: { command: string; status: number }[] = []
  for (const [, block] of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let pending = ''
    for (const line of (block ?? '').split('\n')) {
      if (!pending && !line.startsWith('curl ')) continue
      pending += (pending ? '\n' : '') + line
      if ((pending.match(/'/g) ?? []).length % 2 === 1) continue
      const found = /^([\s\S]*?)\s+# → (\d{3})\b/.exec(pending)
      if (!found) throw new Error(`README example without "# → status": ${pending}`)
      commands.push({ command: found[1] as string, status: Number(found[2]) })
      pending = ''
    }
  }
  return commands
}

let running: RunningMockGateway
beforeAll(async () => {
  running = await startMockGateway({
    port: 0,
    logger: pino({ level: 'silent' }),
    config: { now: Date.parse('2026-03-02T09:00:00Z') },
  })
})
afterAll(async () => {
  await running.close()
})

describe("the mock README's examples", () => {
  it('each runs as written and answers the status it shows', async () => {
    const list = await examples()
    expect(list.length).toBeGreaterThan(40)
    const port = new URL(running.url).port
    for (const { command, status } of list) {
      const line = `${command.replaceAll('localhost:4010', `127.0.0.1:${port}`)} -s -o /dev/null -w '%{http_code}' --max-time 10`
      const { stdout } = await run('bash', ['-c', line])
      expect({ command, status: Number(stdout) }).toEqual({ command, status })
    }
  })
})

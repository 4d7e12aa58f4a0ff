/**
 * Entry of the standalone mock gateway (bundled to `dist/mock-gateway/index.js`): reads the environment
 * once, starts listening, and stops cleanly on SIGTERM/SIGINT.
 */
import { parseMockConfig, MockConfigError } from './config.ts'
import { startMockGateway } from './server.ts'

/** Hard stop if closing takes longer than this. */
const SHUTDOWN_LIMIT_MS = 5_000

async function main(): Promise<void> {
  let config
  try {
    config = parseMockConfig(process.env)
  } catch (error) {
    if (error instanceof MockConfigError) {
      process.stderr.write(`mock-gateway: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const running = await startMockGateway({ config })
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref()
    running.close().then(
      () => {
        process.stdout.write(
          `${JSON.stringify({ level: 30, time: Date.now(), service: 'mock-gateway', msg: 'stopped', signal })}\n`,
        )
        process.exit(0)
      },
      () => process.exit(1),
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`mock-gateway: failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})

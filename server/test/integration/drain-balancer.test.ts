/**
 * The drain's contract with a balancer (decision 006, issue 34 D8), on the built server under a steady
 * bounded load of kept-alive clients:
 * - Through a balancer that stops sending once `/readyz` answers 503 (server/test/balancer.ts: probes
 *   every second, picks a ready replica per request, keeps its connections alive, never retries),
 *   SIGTERM on one of two replicas costs nothing: no reset, no failed request, while the draining
 *   replica answers what the balancer still sends it. Under a busy load and a light one: the light one
 *   leaves gaps longer than the quiet spell the listener waits for, so only the grace covers the
 *   balancer's reaction there.
 * - A client that keeps connecting to the replica itself, past the drain, gets answers with
 *   `Connection: close` until the listener closes; then each connect is refused. At that instant a
 *   request already on an accepted connection gets Fastify's 503 (`Connection: close`), and the one a
 *   client may have had in the kernel's accept queue is reset. That is what is left, and no server can
 *   avoid it: a closed listener answers nothing.
 */
import { Agent } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startMockGateway, type RunningMockGateway } from '#mock/index.ts'
import { startReadinessBalancer, type ReadinessBalancer } from '#server/test/balancer.ts'
import { keepAliveGet, waitFor, type KeepAliveOutcome } from '#server/test/http.ts'
import { exitWithin, spawnServer, type SpawnedServer } from '#server/test/spawn.ts'

/** A light proxied call (the mock answers it at once), so the load measures the drain, not rendering. */
const LOAD_PATH = '/webgate/v2/web-common-content/cookies'
/** The balancer's readiness probe period: Kubernetes' shortest (`periodSeconds: 1`). */
const PROBE_MS = 1_000
/** A shorter drain than the default 5 s / 10 s, with the same shape and room for one missed probe. */
const GRACE_S = 3
const TIMEOUT_S = 6

let mock: RunningMockGateway | undefined
let servers: SpawnedServer[] = []
let balancer: ReadinessBalancer | undefined
let agents: Agent[] = []
afterEach(async () => {
  for (const agent of agents) agent.destroy()
  await balancer?.close()
  await Promise.all(servers.map((server) => server.stop()))
  await mock?.close()
  mock = balancer = undefined
  servers = []
  agents = []
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Outcome = KeepAliveOutcome & { at: number; client: number }
type Answered = Extract<KeepAliveOutcome, { status: number }> & { at: number; client: number }

/** `clients` clients, each sending one request at a time on its kept-alive agent, `pauseMs` apart, while `more(client)`. */
function steadyLoad(
  origin: string,
  { clients, pauseMs }: { clients: number; pauseMs: number },
  more: (client: number) => boolean,
): { outcomes: Outcome[]; done: Promise<void> } {
  const outcomes: Outcome[] = []
  agents = Array.from({ length: clients }, () => new Agent({ keepAlive: true, maxSockets: 1 }))
  const done = Promise.all(
    agents.map(async (agent, client) => {
      while (more(client)) {
        outcomes.push({ ...(await keepAliveGet(origin, LOAD_PATH, agent)), at: Date.now(), client })
        await sleep(pauseMs)
      }
    }),
  ).then(() => undefined)
  return { outcomes, done }
}

async function startStores(count: number): Promise<SpawnedServer[]> {
  mock = await startMockGateway({ port: 0, host: '127.0.0.1', config: { logLevel: 'silent' } })
  const env = {
    WEB_GATEWAY_URL: `${mock.url}/webgate`,
    ID_GATEWAY_URL: `${mock.url}/aurora-id`,
    SHUTDOWN_GRACE_S: String(GRACE_S),
    SHUTDOWN_TIMEOUT_S: String(TIMEOUT_S),
  }
  servers = await Promise.all(Array.from({ length: count }, () => spawnServer(env)))
  return servers
}

describe('SIGTERM behind a balancer that follows /readyz', () => {
  it.each([
    { load: 'busy', clients: 6, pauseMs: 10 },
    { load: 'light', clients: 2, pauseMs: 400 },
  ])(
    'resets nothing and fails no request under a $load load',
    { timeout: 60_000 },
    async ({ load, clients, pauseMs }) => {
      const [draining, staying] = (await startStores(2)) as [SpawnedServer, SpawnedServer]
      balancer = await startReadinessBalancer([draining.url, staying.url], PROBE_MS)
      let loading = true
      const { outcomes, done } = steadyLoad(balancer.url, { clients, pauseMs }, () => loading)
      await waitFor(async () => balancer!.sentAfter(draining.url, 0) >= 3 && balancer!.sentAfter(staying.url, 0) >= 3)

      // Right after a probe: the balancer goes on sending to the draining replica for a whole period.
      await balancer.probed()
      const signalledAt = Date.now()
      draining.child.kill('SIGTERM')
      const exit = await exitWithin(draining, signalledAt, TIMEOUT_S * 1000)
      const exitedAfterMs = Date.now() - signalledAt
      // The load goes on a little past the replica's exit: nothing may fail then either.
      await sleep(1_000)
      loading = false
      await done

      expect(exit, draining.stderr()).toBe(0)
      expect(balancer.ready()).toEqual([staying.url])
      expect(balancer.failures).toEqual([])
      expect(outcomes.filter((outcome) => 'error' in outcome || outcome.status !== 200)).toEqual([])
      // The draining replica answered what the balancer sent it before its probe saw the 503.
      const drained = balancer.sentAfter(draining.url, signalledAt)
      expect(drained).toBeGreaterThan(0)
      console.log(
        `drain behind a balancer, ${load} load: ${outcomes.length} requests, ${outcomes.filter((o) => o.at > signalledAt).length} ` +
          `after SIGTERM, ${drained} of them answered by the draining replica, 0 failed; exit ${exit} after ${exitedAfterMs} ms`,
      )
    },
  )
})

describe('SIGTERM with clients that keep connecting to the replica itself', () => {
  const CLIENTS = 6
  it(
    'answers with Connection: close until the listener closes; then connects are refused, at most one reset each',
    {
      timeout: 60_000,
    },
    async () => {
      const [server] = (await startStores(1)) as [SpawnedServer]
      let signalledAt = Infinity
      let exited = false
      const isRefused = (o: Outcome) => 'error' in o && o.error === 'ECONNREFUSED'
      // Each client keeps going until the process is gone and it has met the closed listener itself.
      const { outcomes, done } = steadyLoad(
        server.url,
        { clients: CLIENTS, pauseMs: 10 },
        (client) => !(exited && outcomes.some((o) => o.client === client && isRefused(o))),
      )
      await waitFor(async () => outcomes.length >= 60)
      signalledAt = Date.now()
      server.child.kill('SIGTERM')
      const exit = await exitWithin(server, signalledAt, TIMEOUT_S * 1000)
      exited = true
      await done

      expect(exit, server.stderr()).toBe(0)
      const errors = outcomes.filter((o): o is Outcome & { error: string } => 'error' in o)
      const answers = outcomes.filter((o): o is Answered => 'status' in o)
      // Nothing fails before the grace is over: the listener accepts and every request is answered.
      const graceEnd = signalledAt + GRACE_S * 1000
      expect(errors.filter((o) => o.at < graceEnd)).toEqual([])
      // A request read on an accepted connection while the server closes gets Fastify's 503 with
      // `Connection: close` (nothing was done: safe to repeat); every other answer is the page's 200.
      const closing = (o: Answered) => o.status === 503 && o.connection === 'close' && o.at > graceEnd
      expect(answers.filter((o) => o.status !== 200 && !closing(o))).toEqual([])
      // Once the drain has begun (the first answer saying so), every answer tells its client to close.
      const drainBegan = answers.find((o) => o.at > signalledAt && o.connection === 'close')?.at ?? Infinity
      expect(answers.filter((o) => o.at > drainBegan && o.connection !== 'close')).toEqual([])
      expect(answers.filter((o) => o.at > drainBegan).length).toBeGreaterThan(0)
      // Past the close only two things fail: a refused connect, or the reset of the one request a
      // client had in the kernel's queue at that instant.
      expect(errors.filter((o) => o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET')).toEqual([])
      for (let client = 0; client < CLIENTS; client++) {
        const mine = outcomes.filter((o) => o.client === client)
        const firstRefused = mine.findIndex(isRefused)
        expect(firstRefused).toBeGreaterThan(0)
        // Once refused, never answered again: the listener is gone for good.
        expect(mine.slice(firstRefused).every(isRefused)).toBe(true)
        expect(mine.filter((o) => 'error' in o && o.error === 'ECONNRESET').length).toBeLessThanOrEqual(1)
      }
      console.log(
        `clients that keep connecting: ${answers.filter((o) => o.at > signalledAt).length} answered after SIGTERM, ` +
          `${answers.filter(closing).length} answered 503 while closing, ` +
          `${errors.filter((o) => o.error === 'ECONNRESET').length} reset at the close, ` +
          `${errors.filter((o) => o.error === 'ECONNREFUSED').length} connects refused after it`,
      )
    },
  )
})

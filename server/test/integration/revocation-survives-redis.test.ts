/**
 * Sign-outs outlive Redis (decision 026, issue 34 D2), against a real `redis-server` and real replicas
 * on one mock gateway. The gateway has no revocation call, so a signed-out refresh token still works
 * there: only the storefront's denylist refuses it, and a forgotten entry lets it in again.
 * - A Redis killed and started again on the same data folder keeps the denylist with AOF (as deploy/
 *   runs it); without persistence (how Redis ran before) the signed-out token works again.
 * - A sign-out made while Redis is down is kept by its replica and written once Redis is back, so a
 *   replica that never saw it refuses the token too.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '#server/test/http.ts'
import { startRedis, type TestRedis } from '#server/test/redis.ts'
import { redisFallbacks, startReplicas, type Replica, type ReplicaSet } from '#server/test/replicas.ts'
import { post, signIn, type Jar } from '#server/test/sign-in.ts'

const REFRESH_PATH = '/aurora-id/v1/auth/token/refresh'

let redis: TestRedis | undefined
let set: ReplicaSet | undefined
let dataDir: string | undefined
afterEach(async () => {
  await set?.close()
  await redis?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  redis = set = dataDir = undefined
})

/** Resolves once every replica's Redis client is connected again (a command before that fails open). */
const redisReady = (replicas: readonly Replica[]) =>
  waitFor(async () => replicas.every((replica) => replica.app.redis?.status === 'ready'), 10_000)

/** What a refresh with the signed-out cookies answers on `replica` (the cookies are left untouched). */
const refreshStatus = async (replica: Replica, signedOut: Jar) =>
  (await post(replica, REFRESH_PATH, {}, {}, signedOut.copy())).status

/** Signs the seeded account in on `replica`, signs it out there, and returns the cookies it had. */
async function signInAndOut(replica: Replica, ip: string): Promise<Jar> {
  const jar = await signIn(replica, ip)
  const signedOut = jar.copy()
  expect((await post(replica, '/api/session/logout', {}, {}, jar)).status).toBe(204)
  return signedOut
}

describe('a sign-out across a Redis restart', () => {
  it.each([
    { persistence: 'AOF (appendonly yes, appendfsync always)', args: ['--appendonly', 'yes'], refused: true },
    { persistence: 'none (the old deploy)', args: ['--appendonly', 'no'], refused: false },
  ])('with $persistence: refused after the restart is $refused', async ({ args, refused }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'revocation-redis-'))
    const redisArgs = ['--dir', dataDir, ...args, '--appendfsync', 'always']
    redis = await startRedis({ args: redisArgs })
    set = await startReplicas({ count: 1, env: { REDIS_URL: redis.url }, mock: { config: { logLevel: 'silent' } } })
    await redisReady(set.replicas)
    const signedOut = await signInAndOut(set.replicas[0]!, '198.51.100.60')

    // A crash (SIGKILL), then Redis again on the same folder and port, as a restarted pod on its volume.
    await redis.kill()
    redis = await startRedis({ port: redis.port, args: redisArgs })
    // A replica started after the restart knows nothing in process: only Redis can refuse the token.
    const fresh = await set.add()
    await redisReady(set.replicas)

    expect(await refreshStatus(fresh, signedOut)).toBe(refused ? 401 : 204)
    // The replica that took the sign-out refuses it either way (its own in-process list).
    expect(await refreshStatus(set.replicas[0]!, signedOut)).toBe(401)
  })
})

describe('a sign-out while Redis is down', () => {
  it('is refused at once by its replica, kept, and written once Redis is back', async () => {
    redis = await startRedis()
    set = await startReplicas({ count: 2, env: { REDIS_URL: redis.url }, mock: { config: { logLevel: 'silent' } } })
    await redisReady(set.replicas)
    const [signing, other] = set.replicas as [Replica, Replica]
    const jar = await signIn(signing, '198.51.100.61')
    const signedOut = jar.copy()

    await redis.kill()
    await waitFor(async () => signing.app.redis?.status !== 'ready', 5_000)
    expect((await post(signing, '/api/session/logout', {}, {}, jar)).status).toBe(204)
    // The write failed and was counted; the refresh token's entry and the access token's wait for Redis.
    expect(await redisFallbacks(signing.metrics, 'revoked_tokens')).toBeGreaterThanOrEqual(1)
    expect(signing.app.revokedTokens.pending()).toBe(2)
    expect(await refreshStatus(signing, signedOut)).toBe(401)

    // An empty Redis (nothing of the sign-out reached it): the replica writes what it kept.
    redis = await startRedis({ port: redis.port })
    await redisReady(set.replicas)
    await waitFor(async () => signing.app.revokedTokens.pending() === 0, 10_000)
    // The other replica never saw the sign-out: it refuses the token through Redis alone.
    expect(await refreshStatus(other, signedOut)).toBe(401)
  })
})

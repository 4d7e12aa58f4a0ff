import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockGateway } from './gateway.ts'
import { StubFileError } from './record.ts'
import { startMockGateway, type RunningMockGateway } from './server.ts'

const silent = pino({ level: 'silent' })
const started: RunningMockGateway[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.close()))
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
async function start(config: Parameters<typeof startMockGateway>[0] = {}) {
  const running = await startMockGateway({ port: 0, logger: silent, ...config })
  started.push(running)
  return running
}
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('record and replay', () => {
  it('records a real gateway into masked stub files, and another mock replays them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-record-'))
    dirs.push(dir)
    // The "real" gateway: a second mock whose goods 10001 is sold out (the seed says it is in stock).
    const real = await start()
    expect((await post(`${real.url}/__mock/goods/stock`, { goodsId: 10001, stock: 0 })).status).toBe(200)

    const recorder = await start({ config: { record: real.url, stubsDir: dir } })
    const goods = await (await fetch(`${recorder.url}/webgate/v2/goods/10001`)).json()
    expect(goods).toMatchObject({ id: 10001, inStock: false })
    const phone = '79000000001'
    const otp = await (await post(`${recorder.url}/aurora-id/v1/auth/otp`, { aud: 'loyalty-web', phone })).json()
    const check = await (
      await post(`${recorder.url}/aurora-id/v1/auth/otp/check`, {
        aud: 'loyalty-web',
        phone,
        attemptId: otp.attemptId,
        code: '12345',
      })
    ).json()
    const tokens = await (
      await post(`${recorder.url}/aurora-id/v1/auth/token`, { aud: 'loyalty-web', auroraIDCode: check.auroraIDCode })
    ).json()
    expect(tokens.accessToken).toMatch(/^eyJ/)
    const icon = await (await fetch(`${recorder.url}/webgate/assets/svg/icons/aurora/cart.svg`)).text()
    expect(icon).toContain('<svg')
    // The mock's own control plane is never proxied.
    expect((await fetch(`${recorder.url}/__mock/health`)).status).toBe(200)

    const files = (await readdir(dir)).sort()
    expect(files).toHaveLength(5)
    const texts = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))
    const all = texts.join('\n')
    expect(all).not.toContain(tokens.accessToken)
    expect(all).not.toContain(tokens.refreshToken)
    expect(all).not.toContain(check.auroraIDCode)
    expect(all).not.toContain(phone)
    const tokenStub = JSON.parse(texts[files.findIndex((file) => file.includes('auth-token'))] as string)
    expect(tokenStub).toMatchObject({
      match: { method: 'POST', path: '/aurora-id/v1/auth/token' },
      respond: { status: 200, body: { accessToken: '[Redacted]', refreshToken: '[Redacted]' } },
    })

    // Replay: a third mock loads the files, with the recorded gateway gone.
    await real.close()
    started.splice(started.indexOf(real), 1)
    const replay = await start({ config: { stubsDir: dir } })
    expect(await (await fetch(`${replay.url}/webgate/v2/goods/10001`)).json()).toMatchObject({ inStock: false })
    // A POST replays for the body it was recorded with (the login code matched by its sha256).
    const replayed = { aud: 'loyalty-web', auroraIDCode: check.auroraIDCode }
    expect(await (await post(`${replay.url}/aurora-id/v1/auth/token`, replayed)).json()).toMatchObject({
      accessToken: '[Redacted]',
    })
    // An image is kept byte for byte (its coordinates are no phone numbers).
    expect(await (await fetch(`${replay.url}/webgate/assets/svg/icons/aurora/cart.svg`)).text()).toBe(icon)
    const listed = await (await fetch(`${replay.url}/__mock/stubs`)).json()
    expect(listed.stubs).toHaveLength(5)
    // Calls nothing recorded answer the mock's own handlers.
    expect((await fetch(`${replay.url}/webgate/v2/goods/10002`)).status).toBe(200)
  })

  it('keys a recorded POST by its body: each phone gets its own answer, ids kept whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-record-'))
    dirs.push(dir)
    const real = await start()
    const recorder = await start({ config: { record: real.url, stubsDir: dir } })
    const otp = async (url: string, phone: string) =>
      (await post(`${url}/aurora-id/v1/auth/otp`, { aud: 'loyalty-web', phone })).json()
    const first = await otp(recorder.url, '79000000001')
    const second = await otp(recorder.url, '79000000003')
    expect(second.attemptId).not.toBe(first.attemptId)
    // Both were proxied and recorded; the files keep the attempt ids whole and no phone.
    const files = await readdir(dir)
    expect(files).toHaveLength(2)
    const all = (await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))).join('\n')
    expect(all).toContain(first.attemptId)
    expect(all).toContain(second.attemptId)
    expect(all).not.toMatch(/7900000000[13]/)

    await real.close()
    started.splice(started.indexOf(real), 1)
    const replay = await start({ config: { stubsDir: dir } })
    expect((await otp(replay.url, '79000000003')).attemptId).toBe(second.attemptId)
    expect((await otp(replay.url, '79000000001')).attemptId).toBe(first.attemptId)
    // A phone never recorded falls back to the mock's own handler (a fresh attempt).
    const other = await otp(replay.url, '79000000002')
    expect([first.attemptId, second.attemptId]).not.toContain(other.attemptId)
  })

  it('answers 502 when the recorded gateway is unreachable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-record-'))
    dirs.push(dir)
    const gone = await start()
    const goneUrl = gone.url
    await gone.close()
    started.splice(started.indexOf(gone), 1)
    const recorder = await start({ config: { record: goneUrl, stubsDir: dir } })
    const answer = await fetch(`${recorder.url}/webgate/v2/goods/10001`)
    expect(answer.status).toBe(502)
    expect((await answer.json()).code).toBe('mockRecordFailed')
    expect(await readdir(dir)).toEqual([])
  })

  it('refuses a stub file that is no stub, naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-stubs-'))
    dirs.push(dir)
    await writeFile(join(dir, 'broken.json'), JSON.stringify({ match: { method: 'GET' }, respond: { status: 200 } }))
    await expect(createMockGateway({ config: { stubsDir: dir } })).rejects.toThrow(StubFileError)
    await expect(createMockGateway({ config: { stubsDir: dir } })).rejects.toThrow(
      /broken\.json: not a stub \(match\.path/,
    )
  })
})

/**
 * The one nginx config: the compose file is the template's output, the ingress keeps shoppers by its cookie,
 * and a real nginx started from the template keeps a shopper's requests on one replica.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPOSE_CONFIG, HASH_KEY, INGRESS_AFFINITY_COOKIE, composeConfig, renderNginxConfig } from './nginx-config.mjs'
import { freePort, waitForHttp } from './prod-shape.mjs'

const root = join(import.meta.dirname, '../..')
const NGINX = '/usr/sbin/nginx'

describe('nginx config', () => {
  it('docker-compose runs the template with the compose replicas', () => {
    expect(readFileSync(COMPOSE_CONFIG, 'utf8')).toBe(composeConfig())
    expect(composeConfig()).toContain(`hash ${HASH_KEY} consistent;`)
    expect(composeConfig()).toContain('server store-a:3000 max_fails=0;')
  })

  it('the Kubernetes ingress keeps shoppers by its own cookie, which the CDN drops from public answers', () => {
    const ingress = readFileSync(join(root, 'deploy/ingress.yaml'), 'utf8')
    expect(ingress).toContain(`nginx.ingress.kubernetes.io/session-cookie-name: ${INGRESS_AFFINITY_COOKIE}`)
    expect(ingress).not.toContain('upstream-hash-by')
    expect(readFileSync(join(root, 'deploy/cdn/storefront.vcl'), 'utf8')).toContain(
      `beresp.http.Set-Cookie ~ "^${INGRESS_AFFINITY_COOKIE}="`,
    )
  })

  it('refuses an empty replica list', () => {
    expect(() => renderNginxConfig({ listen: '1', servers: [] })).toThrow(/at least one replica/)
  })
})

describe.skipIf(!existsSync(NGINX))('nginx from the template, in front of two replicas', () => {
  let dir: string
  let nginx: ChildProcess
  let origin: string
  const replicas: Server[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nginx-test-'))
    chmodSync(dir, 0o755)
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(dir, `${kind}_temp`))
      chmodSync(join(dir, `${kind}_temp`), 0o777)
    }
    for (const name of ['a', 'b']) {
      const server = createServer((request, response) => response.end(name))
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
      replicas.push(server)
    }
    const port = (await freePort()) as number
    origin = `http://127.0.0.1:${port}`
    const servers = replicas.map((server) => `127.0.0.1:${(server.address() as AddressInfo).port}`)
    writeFileSync(join(dir, 'nginx.conf'), renderNginxConfig({ listen: `127.0.0.1:${port}`, servers, dir }))
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'err.log'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    })
    await waitForHttp(`${origin}/`, { timeoutMs: 10_000, child: nginx })
  })

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((done) => nginx.once('exit', done))
      nginx.kill('SIGTERM')
      await exited
    }
    for (const server of replicas) server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const replicaFor = async (cookie?: string) => {
    const response = await fetch(`${origin}/`, { headers: cookie ? { cookie } : {} })
    return response.text()
  }

  it('keeps the requests of one refresh token, or one session, on one replica', async () => {
    const seen = new Set<string>()
    for (let shopper = 0; shopper < 16; shopper++) {
      // Both spellings: plain over http, `__Host-` over https; other cookies around them.
      const prefix = shopper % 4 < 2 ? '' : '__Host-'
      const cookie =
        shopper % 2
          ? `city=msk; ${prefix}session_id=s-${shopper}`
          : `${prefix}session_id=s-${shopper}; consent=1; ${prefix}refresh_token=r-${shopper}`
      const first = await replicaFor(cookie)
      for (let i = 0; i < 5; i++) expect(await replicaFor(cookie)).toBe(first)
      seen.add(first)
    }
    // Sixteen shoppers hash onto both replicas.
    expect([...seen].sort()).toEqual(['a', 'b'])
  })

  it('follows the refresh token, not the session id, when both are there', async () => {
    // Two shoppers with one refresh token each and the same session id land apart somewhere.
    const byToken = new Set<string>()
    for (let i = 0; i < 12; i++) byToken.add(await replicaFor(`session_id=same; refresh_token=t-${i}`))
    expect(byToken.size).toBe(2)
  })

  it('balances requests without either cookie round robin', async () => {
    const answers = [await replicaFor(), await replicaFor(), await replicaFor('device_id=ABCDEF12'), await replicaFor()]
    expect(new Set(answers).size).toBe(2)
  })
})

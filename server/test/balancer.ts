/**
 * A balancer in front of spawned storefront replicas that follows their readiness, the way the
 * Kubernetes ingress routes to pods (decision 006): it probes each replica's `/readyz` every
 * `probeMs` (as a readiness probe feeds the endpoint list), picks a ready replica per request, round
 * robin (as ingress-nginx's balancer picks an endpoint), and keeps connections to each replica alive
 * between requests (its upstream keep-alive). It never retries: a request that fails on the replica
 * fails for the client (502), so a test sees every reset and refused connection the drain causes.
 */
import { Agent, createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A running balancer. */
export interface ReadinessBalancer {
  /** Its origin, for the clients. */
  url: string
  /** The replicas (origins) it sends new requests to now. */
  ready(): string[]
  /** Requests `replica` answered that the balancer sent after `since` (epoch ms). */
  sentAfter(replica: string, since: number): number
  /** Resolves when the next round of probes has finished (a signal sent then meets the longest reaction). */
  probed(): Promise<void>
  /** Requests that failed on a replica: `{replica} {error code}` each. */
  failures: string[]
  close(): Promise<void>
}

/** Starts the balancer over `replicas` (origins), probing each one's `/readyz` every `probeMs`. */
export async function startReadinessBalancer(replicas: readonly string[], probeMs: number): Promise<ReadinessBalancer> {
  const ready = new Set(replicas)
  const agents = new Map(replicas.map((replica) => [replica, new Agent({ keepAlive: true })]))
  const sent: Array<{ replica: string; at: number }> = []
  const failures: string[] = []
  let next = 0
  let probing = true
  let roundDone: Array<() => void> = []
  const probe = async (replica: string) => {
    try {
      const response = await fetch(`${replica}/readyz`, { signal: AbortSignal.timeout(1_000) })
      await response.body?.cancel()
      if (response.status === 200) ready.add(replica)
      else ready.delete(replica)
    } catch {
      ready.delete(replica)
    }
  }
  const probes = (async () => {
    while (probing) {
      await Promise.all(replicas.map(probe))
      for (const resolve of roundDone) resolve()
      roundDone = []
      await new Promise((resolve) => setTimeout(resolve, probeMs))
    }
  })()

  const server: Server = createServer((req, res) => {
    const targets = [...ready]
    if (targets.length === 0) {
      res.writeHead(503).end()
      return
    }
    const replica = targets[next++ % targets.length]!
    const sentAt = Date.now()
    const { hostname, port } = new URL(replica)
    const upstream = httpRequest(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers, agent: agents.get(replica) },
      (answer) => {
        sent.push({ replica, at: sentAt })
        // Hop-by-hop: the replica's `Connection: close` ends the balancer's connection to it, not the client's.
        const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers
        res.writeHead(answer.statusCode ?? 502, headers)
        answer.pipe(res)
      },
    )
    upstream.setTimeout(5_000, () => upstream.destroy(new Error('ETIMEDOUT')))
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      failures.push(`${replica} ${error.code ?? error.message}`)
      if (res.headersSent) res.destroy()
      else res.writeHead(502).end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ready: () => [...ready],
    probed: () => new Promise((resolve) => roundDone.push(resolve)),
    sentAfter: (replica, since) => sent.filter((entry) => entry.replica === replica && entry.at > since).length,
    failures,
    async close() {
      probing = false
      await probes
      for (const agent of agents.values()) agent.destroy()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

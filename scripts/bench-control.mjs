#!/usr/bin/env node
/**
 * The bench's tail control: a plain node:http server that spends, per request, the CPU time the store
 * spent per request on that page (a busy loop on the process's CPU clock, synchronously) and answers the same HTML bytes. It has
 * no tail of its own: one request at a time, in arrival order, each costing the same. Loaded by the same
 * wrk at the same concurrency, its p99/p50 is what this machine and its loopback give any server of
 * that cost; the store's own p99/p50 is read against it.
 * Reads its routes from the JSON file named by CONTROL_ROUTES: { "/path": { "busy_ms": 5.2, "html": "..." } }.
 */
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const routes = new Map(Object.entries(JSON.parse(readFileSync(process.env.CONTROL_ROUTES, 'utf8'))).map(([path, { busy_ms: busyMs, html }]) => [path, { busyMs, bytes: Buffer.from(html) }]))
/** Milliseconds of CPU (user and system) this process has used since `start`. */
const cpuMsSince = (start) => {
  const { user, system } = process.cpuUsage(start)
  return (user + system) / 1000
}

const server = createServer((request, response) => {
  const route = routes.get(request.url ?? '')
  if (!route) return void response.writeHead(404).end()
  // CPU time, not wall time: on a shared machine a wall-clock loop would spend less than the store did.
  const start = process.cpuUsage()
  while (cpuMsSince(start) < route.busyMs) {
    // The store's CPU per request, spent here.
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': route.bytes.length }).end(route.bytes)
})
server.listen(Number(process.env.PORT), '127.0.0.1')
process.once('SIGTERM', () => server.close(() => process.exit(0)))

/**
 * The end of a drain's grace period: wait until the listener has accepted no connection for a short
 * quiet spell before closing it. Closing a listening socket resets the connections still queued in
 * the kernel's accept backlog (clients that connected but were not accepted yet); the event loop
 * accepts whatever is queued on its next turns, so a quiet spell means the backlog is empty and every
 * connection the kernel accepted gets its answer (with `Connection: close`). Bounded by `maxMs`.
 */
import type { Server } from 'node:net'

/** Resolves once `server` has seen no new connection for `quietMs`, or after `maxMs` at the latest. */
export function waitForQuietListener(server: Server, quietMs: number, maxMs: number): Promise<'quiet' | 'deadline'> {
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout
    const finish = (how: 'quiet' | 'deadline') => {
      clearTimeout(quiet)
      clearTimeout(deadline)
      server.off('connection', onConnection)
      resolve(how)
    }
    const onConnection = () => {
      clearTimeout(quiet)
      quiet = setTimeout(() => finish('quiet'), quietMs)
    }
    const deadline = setTimeout(() => finish('deadline'), maxMs)
    server.on('connection', onConnection)
    quiet = setTimeout(() => finish('quiet'), quietMs)
  })
}

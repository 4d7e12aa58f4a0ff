/**
 * Renders take turns with the event loop: one render per loop iteration, first in, first out.
 *
 * A render is synchronous CPU work of a few milliseconds. Without turns, every page whose data came in
 * during one poll of the event loop renders in that same iteration, one after another, and the loop
 * polls again only after all of them. Whatever waits for the next poll waits that long: new connections
 * above all, since libuv accepts one connection per loop iteration (libuv #3696, Node 20 and later).
 * Under load that starves a burst of new connections for seconds (fifty keep-alive connections opened
 * at once by a load balancer or wrk: the last is accepted after some fifty ever longer iterations),
 * and those first requests make the tail. With turns, each iteration runs one render and then polls:
 * connections are accepted, requests read and gateway answers taken between renders, so no request
 * waits behind more than the renders queued before it.
 */
export class RenderTurns {
  private readonly waiting: Array<() => void> = []
  private scheduled = false

  constructor(private readonly onQueue: (queued: number) => void = () => {}) {}

  /**
   * Resolves when it is the caller's turn. Its continuation runs in that turn's microtasks, so the
   * synchronous work right after `await turns.next()` is the only render of that loop iteration.
   */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve)
      this.onQueue(this.waiting.length)
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(this.grant)
      }
    })
  }

  /** Renders waiting for their turn. */
  get queued(): number {
    return this.waiting.length
  }

  /** Grants one turn; an immediate scheduled here runs in the next loop iteration, after its poll. */
  private readonly grant = (): void => {
    this.waiting.shift()?.()
    this.onQueue(this.waiting.length)
    if (this.waiting.length > 0) setImmediate(this.grant)
    else this.scheduled = false
  }
}

/**
 * Renders take turns with the event loop, first in, first out: back to back for a short slice of one
 * loop iteration at most, then the loop polls again.
 *
 * A render is synchronous CPU work of a few milliseconds. Without turns, every page whose data came in
 * during one poll of the event loop renders in that same iteration, one after another, and the loop
 * polls again only after all of them. Whatever waits for the next poll waits that long: new connections
 * above all, since libuv accepts one connection per loop iteration (libuv #3696, Node 20 and later).
 * Under load that starves a burst of new connections for seconds (fifty keep-alive connections opened
 * at once by a load balancer or wrk: the last is accepted after some fifty ever longer iterations),
 * and those first requests make the tail. With turns, an iteration renders for its slice (a millisecond:
 * one category page, or a few light ones) and then polls: connections are accepted, requests read and
 * gateway answers taken between renders, so no request waits behind more than the renders queued
 * before it (decision 015).
 */
export class RenderTurns {
  private readonly waiting: Array<() => void> = []
  private scheduled = false

  /**
   * @param sliceMs renders of one loop iteration run back to back until this much time has passed;
   *   0 gives one render per iteration. A few milliseconds keep cheap renders together (the loop's own
   *   cost per iteration is then shared by several) while an iteration still never runs long.
   * @param onQueue told the number of renders waiting whenever it changes.
   */
  constructor(
    private readonly sliceMs = 0,
    private readonly onQueue: (queued: number) => void = () => {},
  ) {}

  /**
   * Resolves when it is the caller's turn. Its continuation runs in that turn's microtasks, so the
   * synchronous work right after `await turns.next()` is done before the next turn is granted.
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

  /**
   * Grants turns in this loop iteration until its slice is used up; then an immediate grants the rest
   * from the next iteration, after its poll. Each check runs as a microtask queued behind the granted
   * continuation, so it sees the time that render took.
   */
  private readonly grant = (): void => {
    const sliceStart = performance.now()
    const grantOne = (): void => {
      this.waiting.shift()!()
      this.onQueue(this.waiting.length)
      queueMicrotask(() => {
        if (this.waiting.length === 0) this.scheduled = false
        else if (performance.now() - sliceStart < this.sliceMs) grantOne()
        else setImmediate(this.grant)
      })
    }
    grantOne()
  }
}

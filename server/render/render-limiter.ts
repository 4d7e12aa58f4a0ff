/**
 * A first-in, first-out limit on concurrent React renders. Streaming renders interleave: fifty at
 * once all finish late together, which stretches the tail latency under load. With a low limit,
 * renders finish in arrival order and the rest wait their turn (their data is already loaded).
 */

/** `acquire()` resolves when a render may start; call the returned release exactly once. */
export class RenderLimiter {
  private active = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly limit: number) {}

  /** Waits until fewer than `limit` renders run; resolves to the release function. */
  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.active++
        let released = false
        resolve(() => {
          if (released) return
          released = true
          this.active--
          this.waiting.shift()?.()
        })
      }
      if (this.active < this.limit) grant()
      else this.waiting.push(grant)
    })
  }

  /** Renders running now. */
  get running(): number {
    return this.active
  }

  /** Renders waiting to start. */
  get queued(): number {
    return this.waiting.length
  }
}

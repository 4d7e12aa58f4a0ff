/** The mock's clock: real time plus an offset that tests (and `POST /__mock/clock`) move forward. */

/** Current time of one mock gateway instance. */
export interface MockClock {
  /** Milliseconds since the epoch, as the mock sees them. */
  now(): number
  /** Moves the clock forward (never back). */
  advance(ms: number): void
  /** Puts the clock at an instant, back or forward (importing a saved state, `PUT /__mock/state`). */
  set(now: number): void
}

/** Creates a clock starting at `start` (default: the real time) and ticking with real time. */
export function createClock(start?: number): MockClock {
  let offset = start === undefined ? 0 : start - Date.now()
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += Math.max(0, ms)
    },
    set: (now) => {
      offset = now - Date.now()
    },
  }
}

/** Creates a clock that stands still at `start` until advanced (tests). */
export function createManualClock(start: number): MockClock {
  let now = start
  return {
    now: () => now,
    advance: (ms) => {
      now += Math.max(0, ms)
    },
    set: (instant) => {
      now = instant
    },
  }
}

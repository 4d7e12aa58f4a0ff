import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { REVEAL_STEP, takeTurnNow, useRevealedInTurn, waitTurn } from './reveal-in-turn.ts'

function Row() {
  return <p>{useRevealedInTurn() ? 'button' : 'none'}</p>
}

describe('the cart buttons in turn', () => {
  // Frames come only when a test draws one: requestAnimationFrame is a list, the message posted from a
  // frame arrives in a microtask, and the timers are fake, so afterNextFrame's fallback for a page
  // without frames never fires by itself.
  let frames: Map<number, () => void>
  let lastId = 0
  /** Runs the frames requested so far, then lets the messages posted in them arrive. */
  const frame = async () => {
    const now = [...frames.values()]
    frames.clear()
    for (const run of now) run()
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  class ImmediateChannel {
    port1: { onmessage: (() => void) | null; close: () => void } = { onmessage: null, close: () => undefined }
    port2 = { postMessage: () => queueMicrotask(() => this.port1.onmessage?.()) }
  }
  beforeEach(() => {
    frames = new Map()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('MessageChannel', ImmediateChannel)
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frames.set(++lastId, callback)
      return lastId
    })
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  })
  afterEach(async () => {
    // Each test leaves no frame asked for, so the next one starts with an empty step.
    for (let i = 0; i < 20 && frames.size > 0; i++) await frame()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('shows every button on the server (and while hydrating): the HTML has them', () => {
    expect(renderToString(<Row />)).toBe('<p>button</p>')
  })

  it('shows a step of buttons at once, then one step per frame in the order they mounted', async () => {
    const now = Array.from({ length: REVEAL_STEP + 1 }, () => takeTurnNow())
    expect(now).toEqual([...Array<boolean>(REVEAL_STEP).fill(true), false])
    const revealed: number[] = []
    const waiting = REVEAL_STEP + 2
    for (let button = 0; button < waiting; button++) waitTurn(() => revealed.push(button))
    expect(revealed).toEqual([])
    await frame()
    expect(revealed).toEqual(Array.from({ length: REVEAL_STEP }, (_, i) => i))
    await frame()
    expect(revealed).toEqual(Array.from({ length: waiting }, (_, i) => i))
    // One more frame ends the step of the last reveals; then no frame is asked for.
    await frame()
    expect(frames.size).toBe(0)
  })

  it('keeps the order: a button mounting while others wait waits behind them', async () => {
    for (let i = 0; i < REVEAL_STEP; i++) takeTurnNow()
    const revealed: string[] = []
    waitTurn(() => revealed.push('first'))
    await frame()
    expect(revealed).toEqual(['first'])
    // That frame's step has one button, so a new one shows at once again.
    expect(takeTurnNow()).toBe(true)
    waitTurn(() => revealed.push('second'))
    expect(takeTurnNow()).toBe(false)
  })

  it('forgets a button taken out before its turn (its card left the page)', async () => {
    for (let i = 0; i < REVEAL_STEP; i++) takeTurnNow()
    const revealed: string[] = []
    waitTurn(() => revealed.push('first'))
    const cancel = waitTurn(() => revealed.push('gone'))
    waitTurn(() => revealed.push('last'))
    cancel()
    await frame()
    expect(revealed).toEqual(['first', 'last'])
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { REVEAL_STEP_ITEMS, revealInTurn, useRevealedInTurn } from './use-revealed-in-turn.ts'

function Row({ on }: { on: boolean }) {
  return <p>{useRevealedInTurn(on) ? 'row' : 'none'}</p>
}

describe('useRevealedInTurn', () => {
  // Frames come only when a test draws one: requestAnimationFrame is a list, the message posted from a
  // frame arrives in a microtask, and the timers are fake, so afterNextFrame's fallback for a page
  // without frames never fires by itself (on a busy machine a real 100 ms could pass between frames).
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
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('shows what an item mounts with at once: the server HTML and hydration stay the same', () => {
    expect(renderToString(<Row on />)).toBe('<p>row</p>')
    expect(renderToString(<Row on={false} />)).toBe('<p>none</p>')
  })

  it('reveals a step of items per frame, in the order they asked, none in the frame of the change', async () => {
    const revealed: number[] = []
    const count = REVEAL_STEP_ITEMS * 2 + 1
    for (let item = 0; item < count; item++) revealInTurn(() => revealed.push(item))
    expect(revealed).toEqual([])
    await frame()
    expect(revealed).toEqual(Array.from({ length: REVEAL_STEP_ITEMS }, (_, i) => i))
    await frame()
    expect(revealed).toHaveLength(REVEAL_STEP_ITEMS * 2)
    await frame()
    expect(revealed).toEqual(Array.from({ length: count }, (_, i) => i))
    await frame()
    expect(frames.size).toBe(0)
  })

  it('forgets an item taken out before its turn (it left the page)', async () => {
    const revealed: string[] = []
    revealInTurn(() => revealed.push('first'))
    const cancel = revealInTurn(() => revealed.push('gone'))
    revealInTurn(() => revealed.push('last'))
    cancel()
    await frame()
    expect(revealed).toEqual(['first', 'last'])
  })

  it('asks for no frame once every waiting item is taken out', async () => {
    const reveal = vi.fn()
    const cancel = revealInTurn(reveal)
    cancel()
    await frame()
    expect(reveal).not.toHaveBeenCalled()
    // A later item starts a new turn.
    revealInTurn(reveal)
    await frame()
    expect(reveal).toHaveBeenCalledTimes(1)
  })
})

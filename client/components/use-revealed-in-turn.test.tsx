import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { REVEAL_STEP_ITEMS, revealInTurn, useRevealedInTurn } from './use-revealed-in-turn.ts'

function Row({ on }: { on: boolean }) {
  return <p>{useRevealedInTurn(on) ? 'row' : 'none'}</p>
}

describe('useRevealedInTurn', () => {
  let frames: Map<number, () => void>
  let lastId = 0
  /** Runs the frames requested so far, then lets the messages posted in them arrive. */
  const frame = async () => {
    const now = [...frames.values()]
    frames.clear()
    for (const run of now) run()
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  beforeEach(() => {
    frames = new Map()
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frames.set(++lastId, callback)
      return lastId
    })
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
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

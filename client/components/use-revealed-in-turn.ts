/**
 * `useRevealedInTurn(on)`: a part many items of a page add at once when the visitor's state changes
 * (signing in gives every product card its «В корзину» row) comes in a few items per frame, in the
 * order the items are in the page, so no single frame lays out and paints them all (decision 032).
 * An item that mounts with `on` already true shows it at once (the server's HTML, hydration, a new
 * page); turning it off is immediate too.
 */
import { startTransition, useEffect, useState } from 'react'
import { afterNextFrame } from '#client/lib/after-next-frame.ts'

/**
 * Items revealed per frame: a phone's first screen of cards (two rows of two), about 1 ms each of
 * style, layout and paint on the bench's phone, on top of the frame's own cost.
 */
export const REVEAL_STEP_ITEMS = 4

/** Waiting reveals, in the order their items' effects ran: the order of the items in the page. */
const waiting = new Set<() => void>()
let cancelStep: (() => void) | undefined

function step(): void {
  cancelStep = undefined
  const now = [...waiting].slice(0, REVEAL_STEP_ITEMS)
  for (const reveal of now) waiting.delete(reveal)
  // A transition: a tap meanwhile is handled before the step renders.
  startTransition(() => {
    for (const reveal of now) reveal()
  })
  if (waiting.size > 0) cancelStep = afterNextFrame(step)
}

/** Queues `reveal` behind the items already waiting; returns a function that takes it out again. */
export function revealInTurn(reveal: () => void): () => void {
  waiting.add(reveal)
  cancelStep ??= afterNextFrame(step)
  return () => {
    waiting.delete(reveal)
    if (waiting.size === 0) {
      cancelStep?.()
      cancelStep = undefined
    }
  }
}

/** `on` as this item shows it: at once when it mounts on or turns off, in turn when it turns on later. */
export function useRevealedInTurn(on: boolean): boolean {
  const [shown, setShown] = useState(on)
  if (!on && shown) setShown(false)
  useEffect(() => {
    if (!on || shown) return
    return revealInTurn(() => setShown(true))
  }, [on, shown])
  return on && shown
}

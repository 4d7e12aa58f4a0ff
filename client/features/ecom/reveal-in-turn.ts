/**
 * `useRevealedInTurn()`: whether a card's «В корзину» may show yet. Signing in mounts the button on
 * every card of the page in one commit, when the button's code arrives; laid out together, 24 of them
 * were one frame of 276 layout objects, the sign-in's longest task (decision 032). So each frame shows
 * at most `REVEAL_STEP` buttons: the first ones of a frame at once, the others one step per frame after
 * it, in the order they mounted (the page's order). A card's actions row comes with its button
 * (`rowClassName`), so the card's own layout changes in the same turn.
 *
 * A single button (a product page) or a list's own steps (use-stepped-count.ts) stay within a frame's
 * step, so they show at once; while the page hydrates, every button shows at once (the server's HTML
 * has them). This module lives in the button's lazy chunk: the shell's first load carries none of it.
 */
import { startTransition, useEffect, useState } from 'react'
import { afterNextFrame } from '#client/lib/after-next-frame.ts'

/**
 * Buttons shown per frame: a phone's first screen of cards (two rows of two), about 1 ms each of style,
 * layout and paint on the bench's phone, on top of the frame's own cost.
 */
export const REVEAL_STEP = 4

/** Buttons shown since the last frame. */
let shownInFrame = 0
/** Reveals waiting for their turn, in the order their buttons mounted. */
const waiting = new Set<() => void>()
let cancelFrame: (() => void) | undefined

function scheduleFrame(): void {
  cancelFrame ??= afterNextFrame(nextFrame)
}

/** After a frame: a new step's worth of buttons, taken first from those waiting. */
function nextFrame(): void {
  cancelFrame = undefined
  const now = [...waiting].slice(0, REVEAL_STEP)
  for (const reveal of now) waiting.delete(reveal)
  shownInFrame = now.length
  // A transition: a tap meanwhile is handled before the step renders.
  if (now.length > 0)
    startTransition(() => {
      for (const reveal of now) reveal()
    })
  if (shownInFrame > 0 || waiting.size > 0) scheduleFrame()
}

/** Whether a button mounting now shows at once: nothing waits and this frame's step has room. */
export function takeTurnNow(): boolean {
  if (waiting.size > 0 || shownInFrame >= REVEAL_STEP) return false
  shownInFrame++
  scheduleFrame()
  return true
}

/** Queues `reveal` behind the buttons already waiting; returns a function that takes it out again. */
export function waitTurn(reveal: () => void): () => void {
  waiting.add(reveal)
  scheduleFrame()
  return () => waiting.delete(reveal)
}

/** Whether the page is being rendered on the server or hydrated (its HTML already has every button). */
function hydrating(): boolean {
  return import.meta.env.SSR || document.documentElement.dataset.hydrated !== 'true'
}

/** Whether this button shows now; false until its turn when it mounted beside many others. */
export function useRevealedInTurn(): boolean {
  // The initializer counts the button into this frame's step. A mount whose render React throws away
  // counts too; that only moves a later button to the next frame.
  const [shown, setShown] = useState(() => hydrating() || takeTurnNow())
  useEffect(() => (shown ? undefined : waitTurn(() => setShown(true))), [shown])
  return shown
}

/**
 * `useSteppedCount(total, key)`: how many of a long list's items to render now. A list that comes
 * after hydration (a client navigation, «Показать ещё», a new filter) renders its first screen in the
 * first commit and the rest a few items per frame, so no single task styles and lays out two dozen
 * cards at once (decision 032). On the server and while hydrating every item renders: the HTML and
 * the hydrating render stay the same.
 */
import { startTransition, useEffect, useState } from 'react'
import { afterNextFrame } from '#client/lib/after-next-frame.ts'

/** Items of the first commit on a wide screen: the first screen of cards at 1440 px. */
export const FIRST_STEP_ITEMS = 6
/**
 * Items of the first commit below 640 px, where the grid has two columns: its first row. Under a
 * category's heading, chips and filters a phone's first screen shows that row and at most the top
 * edge of the second (at 360 × 740 the rows start 296 and 647 px down), which comes one frame later.
 * Each card adds to the tap's longest frame: with 2 instead of 4, home → category's frame restyles
 * 127 elements instead of 181 (decision 032).
 */
export const FIRST_STEP_ITEMS_NARROW = 2
const NARROW = '(max-width: 639.98px)'

/** The first step for this screen: a phone's first screen of cards, or a wide screen's. */
export function firstStepItems(narrow = typeof matchMedia === 'function' && matchMedia(NARROW).matches): number {
  return narrow ? FIRST_STEP_ITEMS_NARROW : FIRST_STEP_ITEMS
}
/**
 * Items each following frame adds on a wide screen, a row of cards: a frame of a long page costs about
 * 8 ms of CPU of its own here (style, paint of the whole page, layers), and each card about 1 ms more
 * (the interaction trace).
 */
export const NEXT_STEP_ITEMS = 4
/** Items each following frame adds below 640 px: a row of the two-column grid. */
export const NEXT_STEP_ITEMS_NARROW = 2

/** The following steps' size for this screen: a row of cards. */
export function nextStepItems(narrow = typeof matchMedia === 'function' && matchMedia(NARROW).matches): number {
  return narrow ? NEXT_STEP_ITEMS_NARROW : NEXT_STEP_ITEMS
}

/** The count after one more step, never past `total`. */
export function nextStepCount(count: number, total: number, step = NEXT_STEP_ITEMS): number {
  return Math.min(total, count + step)
}

/** Whether a list mounting now is part of the page being hydrated (or rendered on the server). */
function hydrating(): boolean {
  return import.meta.env.SSR || document.documentElement.dataset.hydrated !== 'true'
}

/**
 * The number of items to render: all of them on the server and while hydrating, otherwise
 * `firstStepItems()` first and `nextStepItems()` more after each frame. A new `key` (other items:
 * a new filter or sort) starts again from the first step.
 */
export function useSteppedCount(total: number, key: string): number {
  const [state, setState] = useState(() => ({ key, count: hydrating() ? Infinity : firstStepItems() }))
  let { count } = state
  if (state.key !== key) {
    count = firstStepItems()
    setState({ key, count })
  }
  useEffect(() => {
    if (count >= total) return
    // A transition: a tap meanwhile is handled before the next step renders.
    return afterNextFrame(() =>
      startTransition(() =>
        setState((current) =>
          current.key === key ? { key, count: nextStepCount(current.count, total, nextStepItems()) } : current,
        ),
      ),
    )
  }, [count, total, key])
  return count
}

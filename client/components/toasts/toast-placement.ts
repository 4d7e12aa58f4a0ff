/**
 * Where a toast goes so that it never hides what the shopper is working with: the buttons of an
 * open dialog, or a part of the page marked `data-toast-avoid` (the buy box, the cart summary).
 * The requested edge wins when it is free, the other edge otherwise. Pure, so it is unit-tested.
 */
import type { ToastPosition } from './toast-store.ts'

/** A vertical span on the screen, in CSS pixels from the top of the viewport. */
export interface Span {
  top: number
  bottom: number
}

/** What `chooseToastPosition` needs to know. */
export interface PlacementInput {
  requested: ToastPosition
  /** Height of the toast, in CSS pixels. */
  height: number
  /** Distance from the screen edge (the 20 px offset plus the toast's gap). */
  offset: number
  viewportHeight: number
  /** Spans the toast must not cover. */
  avoid: readonly Span[]
}

/** The span a toast of `height` takes at `position`. */
export function toastSpan(position: ToastPosition, height: number, offset: number, viewportHeight: number): Span {
  return position === 'top'
    ? { top: offset, bottom: offset + height }
    : { top: viewportHeight - offset - height, bottom: viewportHeight - offset }
}

const overlaps = (a: Span, b: Span): boolean => a.top < b.bottom && b.top < a.bottom

/**
 * The requested edge when the toast covers nothing to avoid there, else the other edge when that is
 * free, else undefined (both edges are taken: the caller makes room).
 */
export function chooseToastPosition({
  requested,
  height,
  offset,
  viewportHeight,
  avoid,
}: PlacementInput): ToastPosition | undefined {
  const other: ToastPosition = requested === 'top' ? 'bottom' : 'top'
  for (const position of [requested, other]) {
    const span = toastSpan(position, height, offset, viewportHeight)
    if (!avoid.some((area) => overlaps(span, area))) return position
  }
  return undefined
}

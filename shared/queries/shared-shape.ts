/**
 * Shapes made once per answer. On the server, an anonymous answer whose text was the same as last time
 * is the very object checked then, marked shared (`markShared`) and used by every request (decision
 * 016). A shape mapped from such an answer is then made once and marked shared too, so the
 * page's data is the same objects from request to request and what is derived from it (the packed data
 * block, the kept fragments) can be kept by their identity. Any other answer (the browser's, a changed
 * one) is mapped as usual.
 */
import { isShared, markShared } from '../shared-mark.ts'

/** `map`, made once per shared answer: the same answer gives the same (shared) shape. */
export function sharedShape<A extends object, S>(map: (answer: A) => S): (answer: A) => S {
  // Only the server shares answers: the browser's build keeps the plain map (a build-time constant).
  if (!import.meta.env.SSR) return map
  const shapes = new WeakMap<A, S>()
  return (answer) => {
    if (!isShared(answer)) return map(answer)
    if (shapes.has(answer)) return shapes.get(answer)!
    const shape = markShared(map(answer))
    shapes.set(answer, shape)
    return shape
  }
}

/**
 * `map(answer, arg)`, made once per shared answer and argument (a category's place in the one tree).
 * An undefined shape (an unknown argument) is not kept: arguments come from URLs.
 */
export function sharedShapeBy<A extends object, K, S>(map: (answer: A, arg: K) => S): (answer: A, arg: K) => S {
  if (!import.meta.env.SSR) return map
  const shapes = new WeakMap<A, Map<K, S>>()
  return (answer, arg) => {
    // An object argument is a key only when it is shared too: a fresh one each time would be kept forever.
    if (!isShared(answer) || (typeof arg === 'object' && arg !== null && !isShared(arg))) return map(answer, arg)
    let byArg = shapes.get(answer)
    if (!byArg) shapes.set(answer, (byArg = new Map()))
    const kept = byArg.get(arg)
    if (kept !== undefined) return kept
    const shape = markShared(map(answer, arg))
    if (shape !== undefined) byArg.set(arg, shape)
    return shape
  }
}

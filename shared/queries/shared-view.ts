/**
 * Views made once per answer. On the server, an anonymous answer whose text was the same as last time
 * is the very object checked then, marked shared (`markShared`) and used by every request (decision
 * 016). A view mapped from such an answer is then made once and marked shared too, so the
 * page's data is the same objects from request to request and what is derived from it (the packed data
 * block, the kept fragments) can be kept by their identity. Any other answer (the browser's, a changed
 * one) is mapped as usual.
 */
import { isShared, markShared } from '../shared-mark.ts'

/** `map`, made once per shared answer: the same answer gives the same (shared) view. */
export function sharedView<A extends object, V>(map: (answer: A) => V): (answer: A) => V {
  const views = new WeakMap<A, V>()
  return (answer) => {
    if (!isShared(answer)) return map(answer)
    if (views.has(answer)) return views.get(answer)!
    const view = markShared(map(answer))
    views.set(answer, view)
    return view
  }
}

/**
 * `map(answer, arg)`, made once per shared answer and argument (a category's place in the one tree).
 * An undefined view (an unknown argument) is not kept: arguments come from URLs.
 */
export function sharedViewBy<A extends object, K, V>(map: (answer: A, arg: K) => V): (answer: A, arg: K) => V {
  const views = new WeakMap<A, Map<K, V>>()
  return (answer, arg) => {
    if (!isShared(answer)) return map(answer, arg)
    let byArg = views.get(answer)
    if (!byArg) views.set(answer, (byArg = new Map()))
    const kept = byArg.get(arg)
    if (kept !== undefined) return kept
    const view = markShared(map(answer, arg))
    if (view !== undefined) byArg.set(arg, view)
    return view
  }
}

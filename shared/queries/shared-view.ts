/**
 * Views made once per answer. On the server, an anonymous answer whose text was the same as last time
 * is the very object checked then, frozen and shared by every request (server/caching/answer-memo.ts,
 * decision 016). A view mapped from such an answer is then made once, frozen and shared too, so the
 * page's data is the same objects from request to request and what is derived from it (the packed data
 * block, render-page.tsx) can be kept by their identity. Any other answer (the browser's, a changed
 * one) is mapped as usual.
 */

/** Freezes a JSON-like value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  Object.freeze(value)
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  return value
}

/** `map`, made once per frozen answer: the same answer gives the same (frozen) view. */
export function sharedView<A extends object, V>(map: (answer: A) => V): (answer: A) => V {
  const views = new WeakMap<A, V>()
  return (answer) => {
    if (!Object.isFrozen(answer)) return map(answer)
    if (views.has(answer)) return views.get(answer)!
    const view = deepFreeze(map(answer))
    views.set(answer, view)
    return view
  }
}

/**
 * `map(answer, arg)`, made once per frozen answer and argument (a category's place in the one tree).
 * An undefined view (an unknown argument) is not kept: arguments come from URLs.
 */
export function sharedViewBy<A extends object, K, V>(map: (answer: A, arg: K) => V): (answer: A, arg: K) => V {
  const views = new WeakMap<A, Map<K, V>>()
  return (answer, arg) => {
    if (!Object.isFrozen(answer)) return map(answer, arg)
    let byArg = views.get(answer)
    if (!byArg) views.set(answer, (byArg = new Map()))
    const kept = byArg.get(arg)
    if (kept !== undefined) return kept
    const view = deepFreeze(map(answer, arg))
    if (view !== undefined) byArg.set(arg, view)
    return view
  }
}

/**
 * Scrolling to a remembered position or a hash anchor while the page is still settling (images, late
 * data): loaded when a page first needs it, since a fresh page load at the
 * top needs none of it.
 */

/** How long a restore may wait for a page to grow tall enough (images, late data), in ms. */
const RESTORE_WAIT_MS = 3_000

/**
 * Repeats `attempt` (true: done) whenever the page changes size, until it is done, the shopper scrolls
 * or types themselves, or a few seconds pass. Returns a function that stops waiting.
 */
function untilSettled(attempt: () => boolean): () => void {
  if (attempt()) return () => undefined
  const observer = new ResizeObserver(() => {
    if (attempt()) stop()
  })
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS)
  function stop(): void {
    observer.disconnect()
    clearTimeout(timer)
    for (const type of inputs) window.removeEventListener(type, stop)
  }
  observer.observe(document.body)
  for (const type of inputs) window.addEventListener(type, stop, { passive: true })
  return stop
}

/**
 * Scrolls to `y`, waiting (until the page is tall enough, the shopper scrolls themselves, or a few
 * seconds pass) when the page is still growing. Returns a function that stops waiting.
 */
export function scrollToWhenPossible(y: number): () => void {
  return untilSettled(() => {
    const max = document.documentElement.scrollHeight - window.innerHeight
    window.scrollTo(0, Math.min(y, Math.max(max, 0)))
    return max >= y
  })
}

/**
 * Scrolls the element with the id `id` (a URL's hash) into view and keeps it there while the page is
 * still settling: a page shown before its data (the 100 ms transition wait) grows above the anchor when
 * the data comes, which would push the anchor out of view; an anchor rendered only with the data is
 * scrolled to when it appears. Holding ends when the shopper scrolls or types, or after a few seconds.
 * `found`: the anchor was on the page at once.
 */
export function keepAnchorInView(id: string): { found: boolean; stop: () => void } {
  const found = document.getElementById(id) !== null
  let top: number | undefined
  const stop = untilSettled(() => {
    const anchor = document.getElementById(id)
    if (!anchor) return false
    // Scrolled again only when the layout moved it: a stable anchor is left as it is.
    const now = anchor.getBoundingClientRect().top + window.scrollY
    if (now !== top) {
      top = now
      anchor.scrollIntoView()
    }
    return false
  })
  return { found, stop }
}

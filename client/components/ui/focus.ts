/** Focus helpers for modal surfaces (browser only). */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/**
 * Whether `el` is rendered. `checkVisibility` needs the styles only; `getClientRects` (its fallback)
 * lays the page out, which a dialog's opening would then do twice in one task.
 */
const rendered = (el: HTMLElement): boolean =>
  typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0

/** Elements inside `root` reachable with Tab, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.hasAttribute('inert') && rendered(el),
  )
}

let locks = 0
let saved: { overflow: string; paddingRight: string } | undefined

/**
 * Stops the page behind a modal from scrolling; returns the unlock function (nested locks count). The
 * page is laid out once here, to measure the scrollbar; a dialog then checks what it can focus by
 * styles only and focuses without scrolling, so the layout the lock causes waits for the frame
 * instead of being forced again in the same task (decision 032).
 */
export function lockScroll(): () => void {
  const body = document.body
  if (locks++ === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
    const scrollbar = window.innerWidth - document.documentElement.clientWidth
    body.style.overflow = 'hidden'
    // Keeps the content from jumping sideways when the scrollbar disappears.
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--locks === 0 && saved) {
      body.style.overflow = saved.overflow
      body.style.paddingRight = saved.paddingRight
      saved = undefined
    }
  }
}

const modalStack: symbol[] = []

/** Registers an open modal; the last one registered is the top one. Returns the unregister function. */
export function pushModal(): { id: symbol; isTop: () => boolean; pop: () => void } {
  const id = Symbol('modal')
  modalStack.push(id)
  return {
    id,
    isTop: () => modalStack[modalStack.length - 1] === id,
    pop: () => {
      const index = modalStack.indexOf(id)
      if (index >= 0) modalStack.splice(index, 1)
    },
  }
}

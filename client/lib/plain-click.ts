// The browser location's own navigate: the links that take clicks over do not subscribe to the
// location (decision 032).
import { navigate } from 'wouter/use-browser-location'
import { afterFrame } from './after-frame.ts'

/** A primary-button click with no modifier key: one a link may take over for a client navigation. */
export const isPlainClick = (event: {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
}): boolean => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/**
 * Takes a plain click on a link to one of our routes over as a client navigation to `href`, as wouter's
 * `Link` does. The navigation (the location's subscribers, the progress bar, the route's code and data)
 * runs in a task of its own after the frame that paints the tap: in the tap's own task, it made that
 * task the interaction's longest (decision 032, "a tap's navigation after its frame").
 */
export function followPlainClick(
  event: Parameters<typeof isPlainClick>[0] & { defaultPrevented: boolean; preventDefault(): void },
  href: string,
): void {
  if (event.defaultPrevented || !isPlainClick(event)) return
  event.preventDefault()
  afterFrame(() => navigate(href))
}

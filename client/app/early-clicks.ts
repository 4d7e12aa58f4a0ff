/**
 * Clicks on the server's HTML before React listens. React attaches its listeners in `hydrateRoot`,
 * which waits for the page's chunks; a button clicked before that (the page is on screen, its code
 * still on the way) would do nothing, and React does not replay events it never saw. The shell holds
 * the last button clicked from its own start on and clicks it again once `hydrateRoot` has run: React
 * then hydrates at once and runs the button's handler (decision 018, "Early clicks").
 */

/**
 * Starts holding the last click, if it was on a `type="button"` button (one with no action of its
 * own: links and form submits act without our code). Returns the release, to call right after
 * `hydrateRoot`: it stops holding and clicks the held button again.
 */
export function holdEarlyClicks(): () => void {
  let held: HTMLElement | null = null
  const hold = (event: MouseEvent) => {
    held = (event.target as Element).closest('button[type=button]')
  }
  document.addEventListener('click', hold, true)
  return () => {
    document.removeEventListener('click', hold, true)
    held?.click()
  }
}

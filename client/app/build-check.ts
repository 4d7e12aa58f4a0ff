/**
 * One look at `builds/latest.json` (spec section 4) and what follows from it. Loaded with the first
 * poll, so the first load carries only the timer (use-build-update.ts).
 */

/**
 * Calls `onNewer` when the deployed build differs from `version` (in development it reloads at once);
 * a failed look changes nothing.
 */
export async function checkBuild(version: string, development: boolean, onNewer: () => void): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: 'no-store' })
    if (!response.ok) return
    const { buildId } = (await response.json()) as { buildId?: unknown }
    if (typeof buildId !== 'string' || buildId === version) return
    if (development) window.location.reload()
    else onNewer()
  } catch (error) {
    if (!development) console.warn('build check failed', error)
  }
}

/**
 * Polls `builds/latest.json`; when the build id differs from the running one, the next navigation
 * reloads (spec section 4). In development (`npm run dev`) it polls fast and reloads at once. The
 * look itself (build-check.ts) loads with the first poll; when its code cannot be loaded, the running
 * build's files are gone, which means a newer build is deployed.
 */
import { useEffect, useState } from 'react'
import { BUILD_POLL_INTERVAL_MS } from '#shared/constants.ts'

/** Development polling interval. */
const DEV_POLL_INTERVAL_MS = 1_500

/** True once a newer build than `version` is deployed. */
export function useBuildUpdate(version: string, development: boolean): boolean {
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    if (available) return
    const newer = () => setAvailable(true)
    const timer = setInterval(
      () =>
        void import('./build-check.ts').then(
          (check) => check.checkBuild(version, development, newer),
          // The running build's files are gone: a newer build is deployed.
          newer,
        ),
      development ? DEV_POLL_INTERVAL_MS : BUILD_POLL_INTERVAL_MS,
    )
    return () => clearInterval(timer)
  }, [version, available, development])
  return available
}

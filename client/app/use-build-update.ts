/**
 * Polls `builds/latest.json`; when the build id differs from the running one, the next navigation
 * reloads (spec section 4). In development (`npm run dev`) it polls fast and reloads at once.
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
    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: 'no-store' })
        if (!response.ok) return
        const { buildId } = (await response.json()) as { buildId?: unknown }
        if (typeof buildId !== 'string' || buildId === version) return
        if (development) window.location.reload()
        else setAvailable(true)
      } catch (error) {
        if (!development) console.warn('build check failed', error)
      }
    }
    const timer = setInterval(check, development ? DEV_POLL_INTERVAL_MS : BUILD_POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [version, available, development])
  return available
}

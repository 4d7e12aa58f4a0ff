/** Polls `builds/latest.json`; when the build id differs from the running one, the next navigation reloads. */
import { useEffect, useState } from 'react'
import { BUILD_POLL_INTERVAL_MS } from '#shared/constants.ts'

/** True once a newer build than `version` is deployed. */
export function useBuildUpdate(version: string): boolean {
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    if (available) return
    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: 'no-store' })
        if (!response.ok) return
        const { buildId } = (await response.json()) as { buildId?: unknown }
        if (typeof buildId === 'string' && buildId !== version) setAvailable(true)
      } catch (error) {
        console.warn('build check failed', error)
      }
    }
    const timer = setInterval(check, BUILD_POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [version, available])
  return available
}

/**
 * `<StorePromptSlot/>`: after hydration, loads the first-visit store prompt only when the device
 * has no store and the prompt was never answered (the store-prompted flag keeps it from nagging).
 * Renders nothing on the server, so the markup never differs.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { browserStorage, readChoice } from './store-storage.ts'

const StorePrompt = lazy(() => import('./store-prompt.tsx').then((m) => ({ default: m.StorePrompt })))

/** Slot of the first-visit store prompt (next to the toolbar's store button). */
export function StorePromptSlot() {
  const [show, setShow] = useState(false)
  useEffect(() => {
    const choice = readChoice(browserStorage())
    if (!choice.prompted && !choice.storeCode) setShow(true)
  }, [])
  if (!show) return null
  return (
    <Suspense fallback={null}>
      <StorePrompt onClose={() => setShow(false)} />
    </Suspense>
  )
}

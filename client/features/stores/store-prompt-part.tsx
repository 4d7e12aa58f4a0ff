/**
 * `<StorePromptPart/>`: after hydration, loads the first-visit store prompt only when the device
 * has no store and the prompt was never answered (the store-prompted flag keeps it from nagging).
 * Renders nothing on the server, so the markup never differs. A store chosen before the device kept
 * store names gets its name once (`rememberStoreName`). On a first visit the cookie banner
 * is answered first: the prompt waits for the agreement, so the two never show at once. A city or
 * store chosen while the prompt shows answers it, and the prompt closes.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { USER_AGREEMENT_EVENT, hasUserAgreement } from '#client/lib/user-agreement.ts'
import { STORAGE } from '#shared/cookies.ts'
import { useApi } from '#client/context/app-context.tsx'
import { STORE_CHANGE_EVENT } from './stored-city.ts'

const StorePrompt = lazy(() => import('./store-prompt.tsx').then((m) => ({ default: m.StorePrompt })))

/**
 * The three keys of the device's choice this part needs, read as store-storage.ts reads them (which
 * the prompt and the picker load with their code): blocked storage reads as empty.
 */
function storedChoice(): { storeCode: string | undefined; prompted: boolean; named: boolean } {
  const read = (key: string): string | null => {
    try {
      return localStorage.getItem(key)
    } catch {
      return null
    }
  }
  return {
    storeCode: read(STORAGE.shopCode) || undefined,
    prompted: read(STORAGE.storePrompted) === '1',
    named: Boolean(read(STORAGE.shopName)),
  }
}

/** Whether the question is still open: no store on the device and no answer to the prompt. */
function unanswered(): boolean {
  const choice = storedChoice()
  return !choice.prompted && !choice.storeCode
}

/** The first-visit store prompt's part (next to the toolbar's store button). */
export function StorePromptPart() {
  const [show, setShow] = useState(false)
  const api = useApi()
  useEffect(() => {
    const { storeCode, named } = storedChoice()
    if (storeCode && !named) {
      const controller = new AbortController()
      void import('./adopt-store.ts').then((m) => m.rememberStoreName(api, storeCode, controller.signal))
      return () => controller.abort()
    }
    if (!unanswered()) return
    if (hasUserAgreement(document.cookie)) {
      setShow(true)
      return
    }
    const onAgreement = () => setShow(unanswered())
    window.addEventListener(USER_AGREEMENT_EVENT, onAgreement, { once: true })
    return () => window.removeEventListener(USER_AGREEMENT_EVENT, onAgreement)
  }, [api])
  useEffect(() => {
    if (!show) return
    // A city or store chosen elsewhere (the picker opened from the store button, another tab) answers
    // the question: the prompt would otherwise name a guess the toolbar already contradicts.
    const onChange = () => {
      if (!unanswered()) setShow(false)
    }
    window.addEventListener(STORE_CHANGE_EVENT, onChange)
    window.addEventListener('storage', onChange)
    return () => {
      window.removeEventListener(STORE_CHANGE_EVENT, onChange)
      window.removeEventListener('storage', onChange)
    }
  }, [show])
  if (!show) return null
  return (
    <Suspense fallback={null}>
      <StorePrompt onClose={() => setShow(false)} />
    </Suspense>
  )
}

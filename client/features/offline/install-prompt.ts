/**
 * The offer to install the store as an app: Chromium's `beforeinstallprompt` is held back and the
 * offer (a toast with «Установить») is shown only to a shopper who has already used the loyalty card
 * or a pickup pass online (kept-data.ts marks it), never on the first visit, and at most once in
 * `OFFER_PAUSE_MS`. A visit is a tab's session: session storage names it, local storage remembers
 * which visit was the first.
 */
import { showToast } from '#client/components/toasts/toast-provider.tsx'
import { USED_AT_TILL_EVENT, USED_AT_TILL_KEY } from './kept-data.ts'

/** The event Chromium fires when the store can be installed (not in the DOM library's types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** local storage: the id of the device's first visit. */
export const FIRST_VISIT_KEY = 'app.install.firstVisit'
/** session storage: the id of this visit. */
export const VISIT_KEY = 'app.install.visit'
/** local storage: when the offer was last shown (ms). */
export const OFFERED_KEY = 'app.install.offeredAt'
/** The offer comes back no sooner than this after it was shown (30 days). */
export const OFFER_PAUSE_MS = 30 * 24 * 3_600_000

/** This visit's id, and whether it is the device's first visit. */
function visit(): { first: boolean } {
  let id = sessionStorage.getItem(VISIT_KEY)
  if (!id) {
    id = crypto.randomUUID()
    sessionStorage.setItem(VISIT_KEY, id)
  }
  const firstVisit = localStorage.getItem(FIRST_VISIT_KEY)
  if (!firstVisit) localStorage.setItem(FIRST_VISIT_KEY, id)
  return { first: !firstVisit || firstVisit === id }
}

/** Whether the offer may be shown now. */
export function mayOffer(now = Date.now()): boolean {
  if (visit().first || localStorage.getItem(USED_AT_TILL_KEY) !== '1') return false
  const offeredAt = Number(localStorage.getItem(OFFERED_KEY) ?? 0)
  return !(now - offeredAt < OFFER_PAUSE_MS)
}

/** Holds the browser's install prompt and offers it when `mayOffer` allows (now or after the next use). */
export function holdInstallPrompt(): void {
  let held: BeforeInstallPromptEvent | undefined
  const offer = () => {
    if (!held || !mayOffer()) return
    const prompt = held
    held = undefined
    localStorage.setItem(OFFERED_KEY, String(Date.now()))
    showToast({
      theme: 'question',
      type: 'install-app',
      title: 'Установить «Аврору» на телефон?',
      description: 'Карта лояльности и пропуска заказов откроются даже без сети.',
      buttonLabel: 'Установить',
      persistent: true,
      onButtonClick: () => void prompt.prompt().catch(() => undefined),
    })
  }
  visit()
  window.addEventListener('beforeinstallprompt', (event) => {
    // Not the browser's own banner: the offer waits for the shopper's use of the card or a pass.
    event.preventDefault()
    held = event as BeforeInstallPromptEvent
    offer()
  })
  window.addEventListener(USED_AT_TILL_EVENT, offer)
}

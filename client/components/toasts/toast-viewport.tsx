/**
 * `<ToastViewport/>`: the two live regions (top and bottom, 20 px from the screen edge) where
 * toasts appear. The regions are in the server HTML (empty), so screen readers already watch them
 * when the first toast arrives.
 */
import { useSyncExternalStore } from 'react'
import { TOAST_OFFSET_PX } from '#shared/constants.ts'
import type { ToastPosition, ToastRecord } from './toast-store.ts'
import { useToastStore } from './toast-provider.tsx'
import { ToastView } from './toast-view.tsx'

const EMPTY: readonly ToastRecord[] = []
const noopSubscribe = () => () => {}
const POSITIONS: readonly ToastPosition[] = ['top', 'bottom']

/** Renders the toasts of the nearest `ToastProvider` (or of the browser's page-wide store); empty regions on the server. */
export function ToastViewport() {
  const store = useToastStore()
  const toasts = useSyncExternalStore(store?.subscribe ?? noopSubscribe, store?.getSnapshot ?? (() => EMPTY), () => EMPTY)
  return (
    <>
      {POSITIONS.map((position) => {
        const toast = toasts.find((t) => t.position === position)
        // The live region keeps one role for its whole life: screen readers miss regions whose
        // role changes at the moment content arrives.
        return (
          <div
            key={position}
            className={`toast-viewport toast-viewport--${position}`}
            style={{ [position]: TOAST_OFFSET_PX }}
            role="status"
            aria-live="polite"
            aria-label={position === 'top' ? 'Уведомления сверху' : 'Уведомления'}
          >
            {toast && store && <ToastView key={toast.id} toast={toast} store={store} />}
          </div>
        )
      })}
    </>
  )
}

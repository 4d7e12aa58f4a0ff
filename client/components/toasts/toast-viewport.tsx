/**
 * `<ToastViewport/>`: the two live regions (top and bottom, 20 px from the screen edge) where
 * toasts appear. The regions are in the server HTML (empty), so screen readers already watch them
 * when the first toast arrives. A toast goes to the edge its caller asked for unless it would hide
 * an open dialog or a part of the page marked `data-toast-avoid` (toast-placement.ts); when a
 * dialog fills the screen, the dialog makes room under a top toast (`--toast-reserve`).
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { TOAST_OFFSET_PX } from '#shared/constants.ts'
import type { ToastPosition, ToastRecord } from './toast-store.ts'
import { useToastStore } from './toast-provider.tsx'
import { ToastView } from './toast-view.tsx'
import { chooseToastPosition, type Span } from './toast-placement.ts'

const EMPTY: readonly ToastRecord[] = []
const noopSubscribe = () => () => {}
const POSITIONS: readonly ToastPosition[] = ['top', 'bottom']
/** Space kept between a top toast and a dialog that made room for it. */
const RESERVE_GAP_PX = 8

/** Where each toast is shown, and whether an open dialog must make room under the top edge. */
interface Placement {
  positions: ReadonlyMap<string, ToastPosition>
  reservePx: number
}

const NO_PLACEMENT: Placement = { positions: new Map(), reservePx: 0 }

/** The panel of the top-most open dialog (dialogs are portalled to the end of `<body>`). */
function topDialogPanel(): HTMLElement | undefined {
  const panels = document.querySelectorAll<HTMLElement>('.dialog-backdrop > [role="dialog"]')
  return panels[panels.length - 1]
}

/** Changes whenever a dialog opens or closes (a count is enough: dialogs stack). */
function useOpenDialogCount(): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    const read = () => setCount(document.querySelectorAll('.dialog-backdrop').length)
    read()
    const observer = new MutationObserver(read)
    observer.observe(document.body, { childList: true })
    return () => observer.disconnect()
  }, [])
  return count
}

/** What a toast must not cover now: the top dialog, or else the marked parts of the page on screen. */
function areasToAvoid(): Span[] {
  const panel = topDialogPanel()
  const elements = panel ? [panel] : [...document.querySelectorAll<HTMLElement>('[data-toast-avoid]')]
  return elements
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight)
    .map((rect) => ({ top: rect.top, bottom: rect.bottom }))
}

/** Renders the toasts of the nearest `ToastProvider` (or of the browser's page-wide store); empty regions on the server. */
export function ToastViewport() {
  const store = useToastStore()
  const toasts = useSyncExternalStore(store?.subscribe ?? noopSubscribe, store?.getSnapshot ?? (() => EMPTY), () => EMPTY)
  const dialogs = useOpenDialogCount()
  const [placement, setPlacement] = useState<Placement>(NO_PLACEMENT)
  const ids = toasts.map((toast) => toast.id).join(' ')

  // Measured before paint: a toast that would hide something moves to the other edge unseen.
  useLayoutEffect(() => {
    const positions = new Map<string, ToastPosition>()
    let reservePx = 0
    const avoid = areasToAvoid()
    for (const toast of toasts) {
      const element = document.querySelector<HTMLElement>(`[data-toast-id="${toast.id}"]`)
      const height = element?.getBoundingClientRect().height ?? 0
      const offset = TOAST_OFFSET_PX + toast.gap
      const chosen = chooseToastPosition({ requested: toast.position, height, offset, viewportHeight: window.innerHeight, avoid })
      if (chosen) {
        positions.set(toast.id, chosen)
      } else if (dialogs > 0) {
        // The dialog covers both edges: the toast goes on top and the dialog moves down under it.
        positions.set(toast.id, 'top')
        reservePx = Math.max(reservePx, offset + height + RESERVE_GAP_PX)
      } else {
        positions.set(toast.id, toast.position)
      }
    }
    setPlacement((current) => {
      const same = current.reservePx === reservePx && current.positions.size === positions.size && [...positions].every(([id, position]) => current.positions.get(id) === position)
      return same ? current : { positions, reservePx }
    })
    // Placed once per toast and per dialog change; a toast does not wander while it is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, dialogs])

  useEffect(() => {
    const root = document.documentElement.style
    if (placement.reservePx > 0) root.setProperty('--toast-reserve', `${placement.reservePx}px`)
    else root.removeProperty('--toast-reserve')
  }, [placement.reservePx])

  const positionOf = (toast: ToastRecord): ToastPosition => placement.positions.get(toast.id) ?? toast.position
  return (
    <>
      {POSITIONS.map((position) => {
        const shown = toasts.filter((t) => positionOf(t) === position)
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
            {store && shown.map((toast) => <ToastView key={toast.id} toast={toast} store={store} />)}
          </div>
        )
      })}
    </>
  )
}

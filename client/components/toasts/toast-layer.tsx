/**
 * `<ToastLayer store regions>`: the toasts themselves, drawn into the two live regions that
 * `ToastViewport` keeps in the page (this module loads with the page's first toast). A
 * toast goes to the edge its caller asked for unless it would hide an open dialog or a part of the
 * page marked `data-toast-avoid`; when a dialog fills the screen, the dialog
 * makes room under a top toast (`--toast-reserve`).
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { TOAST_OFFSET_PX } from '#shared/constants.ts'
import type { ToastPosition, ToastRecord } from './toast-store.ts'
import type { ToastStoreApi } from './lazy-toast-store.ts'
import { ToastView } from './toast-view.tsx'
import { chooseToastPosition, type Span } from './toast-placement.ts'

/** The store's code travels with the layer: the first toast needs both. */
export { ToastStore } from './toast-store.ts'

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

export interface ToastLayerProps {
  store: ToastStoreApi
  /** The live region of each screen edge. */
  regions: Readonly<Record<ToastPosition, HTMLElement>>
}

/** Renders the store's toasts into the live regions of their edges. */
export function ToastLayer({ store, regions }: ToastLayerProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot)
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
      const chosen = chooseToastPosition({
        requested: toast.position,
        height,
        offset,
        viewportHeight: window.innerHeight,
        avoid,
      })
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
      const same =
        current.reservePx === reservePx &&
        current.positions.size === positions.size &&
        [...positions].every(([id, position]) => current.positions.get(id) === position)
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
      {POSITIONS.map((position) =>
        createPortal(
          toasts
            .filter((toast) => positionOf(toast) === position)
            .map((toast) => <ToastView key={toast.id} toast={toast} store={store} />),
          regions[position],
          position,
        ),
      )}
    </>
  )
}

/**
 * `<ToastViewport/>`: the two live regions (top and bottom, 20 px from the screen edge) where
 * toasts appear. The regions are in the server HTML (empty), so screen readers already watch them
 * when the first toast arrives; the code that draws and places toasts loads with
 * the first toast of the page and renders into these very regions.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react'
import { TOAST_OFFSET_PX } from '#shared/constants.ts'
import type { ToastPosition, ToastRecord } from './toast-store.ts'
import { useToastStore } from './toast-provider.tsx'
import type { ToastLayerProps } from './toast-layer.tsx'

const EMPTY: readonly ToastRecord[] = []
const noopSubscribe = () => () => {}
const POSITIONS: readonly ToastPosition[] = ['top', 'bottom']

type LayerModule = typeof import('./toast-layer.tsx')
let loaded: LayerModule | undefined
const loadLayer = (): Promise<LayerModule> =>
  loaded ? Promise.resolve(loaded) : import('./toast-layer.tsx').then((module) => (loaded = module))

/** The live regions of the nearest `ToastProvider`'s toasts (or of the browser's page-wide store); empty on the server. */
export function ToastViewport() {
  const store = useToastStore()
  const toasts = useSyncExternalStore(
    store?.subscribe ?? noopSubscribe,
    store?.getSnapshot ?? (() => EMPTY),
    () => EMPTY,
  )
  const [Layer, setLayer] = useState<ComponentType<ToastLayerProps> | undefined>(() => loaded?.ToastLayer)
  const top = useRef<HTMLDivElement>(null)
  const bottom = useRef<HTMLDivElement>(null)
  const [regions, setRegions] = useState<Record<ToastPosition, HTMLElement>>()
  const wanted = toasts.length > 0
  useEffect(() => {
    // The regions and the layer are needed from the first toast on: until then hydrating the viewport
    // renders nothing more.
    if (!wanted) return
    if (!regions && top.current && bottom.current) setRegions({ top: top.current, bottom: bottom.current })
    if (!Layer)
      loadLayer().then(
        (module) => setLayer(() => module.ToastLayer),
        () => undefined,
      )
  }, [wanted, Layer, regions])

  return (
    <>
      {POSITIONS.map((position) => (
        // The live region keeps one role for its whole life: screen readers miss regions whose
        // role changes at the moment content arrives.
        <div
          key={position}
          ref={position === 'top' ? top : bottom}
          className={`toast-viewport toast-viewport--${position}`}
          style={{ [position]: TOAST_OFFSET_PX }}
          role="status"
          aria-live="polite"
          aria-label={position === 'top' ? 'Уведомления сверху' : 'Уведомления'}
        />
      ))}
      {Layer && store && regions && <Layer store={store} regions={regions} />}
    </>
  )
}

/**
 * The app-level dialogs (login, city and store picker): opened from anywhere through `useApp()`,
 * each resolving a promise when it closes. Their code loads only when first opened.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react'

const LoginDialog = lazy(() => import('../features/auth/login-dialog.tsx').then((m) => ({ default: m.LoginDialog })))
const StorePicker = lazy(() => import('../features/stores/store-picker.tsx').then((m) => ({ default: m.StorePicker })))

type Kind = 'login' | 'store'

/** Open dialogs and the functions that open them. */
export interface DialogsState {
  open: Partial<Record<Kind, { reason?: string | undefined }>>
  openLogin: (options?: { reason?: string }) => Promise<boolean>
  openStorePicker: () => Promise<boolean>
  close: (kind: Kind, result: boolean) => void
}

/** Dialog state for the app root. */
export function useDialogs(): DialogsState {
  const [open, setOpen] = useState<DialogsState['open']>({})
  const resolvers = useRef<Partial<Record<Kind, (result: boolean) => void>>>({})
  const show = useCallback((kind: Kind, reason?: string) => {
    resolvers.current[kind]?.(false)
    setOpen((current) => ({ ...current, [kind]: { reason } }))
    return new Promise<boolean>((resolve) => {
      resolvers.current[kind] = resolve
    })
  }, [])
  const close = useCallback((kind: Kind, result: boolean) => {
    resolvers.current[kind]?.(result)
    delete resolvers.current[kind]
    setOpen((current) => {
      const next = { ...current }
      delete next[kind]
      return next
    })
  }, [])
  const openLogin = useCallback((options?: { reason?: string }) => show('login', options?.reason), [show])
  const openStorePicker = useCallback(() => show('store'), [show])
  return useMemo(() => ({ open, openLogin, openStorePicker, close }), [open, openLogin, openStorePicker, close])
}

/** Renders the open dialogs. */
export function DialogHost({ state }: { state: DialogsState }) {
  return (
    <Suspense fallback={null}>
      {state.open.login ? (
        <LoginDialog reason={state.open.login.reason} onDone={(ok: boolean) => state.close('login', ok)} />
      ) : null}
      {state.open.store ? <StorePicker onDone={(ok: boolean) => state.close('store', ok)} /> : null}
    </Suspense>
  )
}

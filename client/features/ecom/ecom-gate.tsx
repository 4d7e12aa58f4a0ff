/**
 * `<EcomGate>`: the guards of the e-commerce pages on the browser side (spec section 6).
 * - `authorized`: a visitor without a session sees the page frame with 'Войдите, чтобы продолжить',
 *   and the login dialog opens by itself; once signed in, the page they asked for renders in place.
 * - e-commerce off for the signed-in shopper: the not-found view (the server rule answers 404 first).
 * - `offline-store-guard`: with no store in local storage, the cart's own pickup store is taken
 *   over when it has one; otherwise the store picker opens, and once a store is chosen the page
 *   continues. Until the browser has looked, the content renders as the server did.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { STORAGE } from '#shared/cookies.ts'
import { useApp } from '#client/context/app-context.tsx'
import { ErrorView } from '#client/components/errors/error-views.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { cartQuery } from '#shared/queries/ecom.ts'
import { useQuery } from '#client/data/use-query.ts'
import { adoptStore } from '#client/features/stores/adopt-store.ts'

/** Text of the sign-in state of a guarded page. */
export const SIGN_IN_TITLE = 'Войдите, чтобы продолжить'
/** Text of the store state of a store-guarded page. */
export const STORE_TITLE = 'Выберите магазин, чтобы продолжить'

/** The e-commerce pages' addresses, which this gate guards. */
const ECOM_PATH = /^\/ecom(\/|$)/

/** Whether a store is chosen on this device (browser only). */
export function storeChosen(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE.shopCode))
  } catch {
    return false
  }
}

export interface EcomGateProps {
  /** The page heading, shown in every state. */
  title: string
  /** The route also has the `offline-store-guard` (cart and checkout). */
  needsStore?: boolean
  children: ReactNode
}

/** Renders the page when its guards pass, and the sign-in or store state otherwise. */
export function EcomGate({ title, needsStore = false, children }: EcomGateProps) {
  const { session, openLogin, refreshSession } = useApp()
  const loginAsked = useRef(false)

  const signIn = useCallback(async () => {
    if (await openLogin({ reason: 'Войдите, чтобы открыть корзину, заказы и способы оплаты' })) void refreshSession()
  }, [openLogin, refreshSession])

  useEffect(() => {
    if (session.authorized || loginAsked.current) return
    // The session ended because the shopper signed out, and the address has already moved off the
    // e-commerce pages (this page stays on screen until the next one is ready): nothing to ask.
    if (!ECOM_PATH.test(window.location.pathname)) return
    loginAsked.current = true
    void signIn()
  }, [session.authorized, signIn])

  if (!session.authorized) {
    return (
      <div className="ecom-page">
        <h1 className="page-title">{title}</h1>
        <EmptyState
          icon="user"
          title={SIGN_IN_TITLE}
          text="Корзина, заказы и способы оплаты доступны после входа по номеру телефона."
          action={<Button onClick={() => void signIn()}>Войти</Button>}
        />
      </div>
    )
  }
  // Right after sign-in the server is asked whether e-commerce is on for this shopper.
  if (session.ecomPending)
    return (
      <div className="ecom-page">
        <h1 className="page-title">{title}</h1>
      </div>
    )
  if (!session.ecomEnabled) return <ErrorView status={404} />
  return needsStore ? <StoreGate title={title}>{children}</StoreGate> : <>{children}</>
}

function StoreGate({ title, children }: { title: string; children: ReactNode }) {
  const { api, openStorePicker } = useApp()
  const [state, setState] = useState<'unknown' | 'chosen' | 'missing'>('unknown')
  const asked = useRef(false)
  // The same key as the cart page's own query: one request serves both.
  const { data: cart, error } = useQuery(cartQuery())

  const choose = useCallback(async () => {
    await openStorePicker()
    // Whatever the picker answered, local storage is the truth: a store chosen there lets us go on.
    setState(storeChosen() ? 'chosen' : 'missing')
  }, [openStorePicker])

  useEffect(() => {
    if (storeChosen()) return setState('chosen')
    if (!cart && !error) return
    const controller = new AbortController()
    const ask = () => {
      setState('missing')
      if (asked.current) return
      asked.current = true
      void choose()
    }
    // A cart that already has its pickup store (chosen on another device) is not asked again.
    if (cart?.storeCode) {
      void adoptStore(api, cart.storeCode, controller.signal).then((adopted) => {
        if (controller.signal.aborted) return
        if (adopted) setState('chosen')
        else ask()
      })
    } else {
      ask()
    }
    return () => controller.abort()
  }, [api, cart, error, choose])

  if (state !== 'missing') return <>{children}</>
  return (
    <div className="ecom-page">
      <h1 className="page-title">{title}</h1>
      <EmptyState
        icon="store"
        title={STORE_TITLE}
        text="Наличие товаров и самовывоз зависят от магазина."
        action={<Button onClick={() => void choose()}>Выбрать магазин</Button>}
      />
    </div>
  )
}

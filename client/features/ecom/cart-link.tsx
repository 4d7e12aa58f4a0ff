/**
 * The toolbar's cart link with the number of units in the cart. Shown only when e-commerce is on
 * for the visitor (spec section 1); the count is read once signed in, from the shared cart entry.
 */
import { useEffect } from 'react'
import { Link } from 'wouter'
import { STORAGE } from '#shared/cookies.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Icon } from '#client/components/icon.tsx'
import { countLabel } from '#client/lib/format.ts'
import { useLazyQuery } from '#client/data/use-query.ts'

const UNITS = ['товар', 'товара', 'товаров'] as const

/** The key of `cartQuery()` (pinned by cart-link.test.ts): the toolbar shares the cart page's entry. */
export const CART_KEY = ['ecom.cart'] as const
/** The store chosen on this device, if any (browser only). */
function storedStoreCode(): string | null {
  try {
    return localStorage.getItem(STORAGE.shopCode)
  } catch {
    return 'unknown'
  }
}

const loadCartQuery = () => import('#shared/queries/ecom.ts').then((m) => m.cartQuery())

/** Cart icon with count for the toolbar; nothing when e-commerce is off. */
export function CartLink() {
  const { session, api } = useApp()
  const { track } = useAnalytics()
  const { data } = useLazyQuery(session.authorized && session.ecomEnabled ? CART_KEY : null, loadCartQuery)
  const storeCode = data?.storeCode
  // The cart keeps its pickup store (chosen on another device or before): from sign-in on, a device
  // with no store of its own takes that one, so the header names it on every page, not only after
  // the cart page was opened.
  useEffect(() => {
    if (!storeCode || storedStoreCode()) return
    const controller = new AbortController()
    void import('#client/features/stores/adopt-store.ts').then((module) =>
      module.adoptStore(api, storeCode, controller.signal),
    )
    return () => controller.abort()
  }, [api, storeCode])
  if (!session.ecomEnabled) return null
  const count = data?.totals.count ?? 0
  return (
    <Link
      href={href('ecom-cart')}
      className="toolbar__action cart-link"
      aria-label={count > 0 ? `Корзина, ${countLabel(count, UNITS)}` : 'Корзина'}
      onClick={() => track('toolbar_cart_click')}
    >
      <span className="cart-link__icon">
        <Icon name="cart" size={22} />
        {count > 0 && (
          <span className="cart-link__count" aria-hidden="true" data-testid="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
      <span className="toolbar__label" aria-hidden="true">
        Корзина
      </span>
    </Link>
  )
}

/**
 * E-commerce hub (route `ecom`): orders in progress, the other orders, and the saved payment methods.
 * Coming back from the gateway's card form (`?cardAdded=1` or `?cardError=`) shows the outcome as a
 * toast, re-reads the methods and drops the parameter from the address.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useLocation } from 'wouter'
import type { ecomPage } from '#shared/routes/ecom.ts'
import { href } from '#shared/routing/href.ts'
import type { SearchParams } from '#shared/routing/types.ts'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { EcomGate } from '#client/features/ecom/ecom-gate.tsx'
import { CARD_ERROR_TEXTS, ecomErrorMessage } from '#client/features/ecom/ecom-texts.ts'
import { AllOrders, OrdersList } from '#client/features/ecom/orders-list.tsx'
import { PaymentMethodsSection } from '#client/features/ecom/payment-methods.tsx'
import type { QueriesOf, ViewProps } from '../registry.ts'

const TITLE = 'Заказы и способы оплаты'

/** E-commerce hub (route ecom). */
export function Page({ search, queries }: ViewProps<'ecom', typeof ecomPage>) {
  return (
    <EcomGate title={TITLE}>
      <Hub search={search} queries={queries} />
    </EcomGate>
  )
}

const first = (value: SearchParams[string]): string | undefined =>
  Array.isArray(value) ? value[0] : (value as string | undefined)

function Hub({ search, queries }: { search: SearchParams; queries: QueriesOf<typeof ecomPage> }) {
  const active = useQuery(queries.active)
  const orders = useQuery(queries.orders)
  const methods = useQuery(queries.methods)
  const toast = useToast()
  const [, navigate] = useLocation()
  const handled = useRef(false)
  const cardAdded = first(search.cardAdded)
  const cardError = first(search.cardError)
  const refreshMethods = methods.mutate

  useEffect(() => {
    if (handled.current || (cardAdded !== '1' && cardError === undefined)) return
    handled.current = true
    if (cardAdded === '1') {
      toast.show({ theme: 'success', type: 'card-added', title: 'Карта добавлена' })
    } else {
      toast.show({
        theme: 'error',
        type: 'card-error',
        title: 'Карта не добавлена',
        description: CARD_ERROR_TEXTS[cardError ?? ''] ?? 'Попробуйте ещё раз',
      })
    }
    void refreshMethods()
    // The anchor stays: the shopper comes back to the payment methods, not the top.
    navigate(`${href('ecom')}${window.location.hash}`, { replace: true })
  }, [cardAdded, cardError, toast, navigate, refreshMethods])

  const activeIds = useMemo(() => new Set(active.data?.items.map((order) => order.id)), [active.data])
  return (
    <div className="ecom-page">
      <div className="page-header">
        <h1 className="page-title">{TITLE}</h1>
        <ButtonLink href={href('ecom-cart')} variant="secondary" iconStart="cart">
          Корзина
        </ButtonLink>
      </div>
      {/* The payment methods come after every order: on a phone the shopper jumps there. */}
      <nav className="ecom-hub-nav" aria-label="Разделы">
        <a href="#active-orders-title" className="chip">
          Активные
        </a>
        <a href="#all-orders-title" className="chip">
          История
        </a>
        <a href="#payment-methods" className="chip">
          Способы оплаты
        </a>
      </nav>

      <section className="ecom-section" aria-labelledby="active-orders-title">
        <h2 id="active-orders-title" className="ecom-section__title">
          Активные заказы
        </h2>
        {active.data ? (
          active.data.items.length > 0 ? (
            <OrdersList orders={active.data.items} />
          ) : (
            <p className="text-muted">Сейчас нет заказов в работе.</p>
          )
        ) : active.error ? (
          <p className="ecom-error" role="alert">
            Не удалось загрузить активные заказы: {ecomErrorMessage(active.error)}
          </p>
        ) : (
          <Skeleton height={96} />
        )}
      </section>

      <section className="ecom-section" aria-labelledby="all-orders-title">
        <h2 id="all-orders-title" className="ecom-section__title">
          История заказов
        </h2>
        {orders.data ? (
          orders.data.total > 0 ? (
            // The active orders are listed above: not twice.
            <AllOrders total={orders.data.total} exclude={activeIds} />
          ) : (
            <EmptyState
              icon="gift"
              headingLevel={3}
              title="Заказов пока нет"
              action={<ButtonLink href={href('catalog')}>Перейти в каталог</ButtonLink>}
            />
          )
        ) : orders.error ? (
          <p className="ecom-error" role="alert">
            Не удалось загрузить заказы: {ecomErrorMessage(orders.error)}
          </p>
        ) : (
          <Skeleton height={160} />
        )}
      </section>

      {methods.data ? (
        <PaymentMethodsSection methods={methods.data.items} />
      ) : (
        <section className="ecom-section" aria-labelledby="payment-methods">
          <h2 id="payment-methods" className="ecom-section__title">
            Способы оплаты
          </h2>
          {methods.error ? (
            <p className="ecom-error" role="alert">
              Не удалось загрузить способы оплаты: {ecomErrorMessage(methods.error)}
            </p>
          ) : (
            <Skeleton height={120} />
          )}
        </section>
      )}
    </div>
  )
}

/**
 * Cart (route `ecom-cart`): the gateway-held cart with quantity steppers, remove with an undo toast,
 * totals and discounts, and the way to checkout. Behind the `authorized` and `offline-store-guard`
 * guards (`EcomGate`).
 */
import { useRef, useState } from 'react'
import type { cartPage } from '#shared/routes/ecom.ts'
import { href } from '#shared/routing/href.ts'
import type { CartLine } from '#shared/models/cart.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { CartLineView } from '#client/features/ecom/cart-line.tsx'
import { CartTotals } from '#client/features/ecom/cart-totals.tsx'
import { EcomGate } from '#client/features/ecom/ecom-gate.tsx'
import { ecomErrorMessage } from '#client/features/ecom/ecom-texts.ts'
import { splitSetAside } from '#client/features/ecom/set-aside.ts'
import { useCartCommands } from '#client/features/ecom/use-cart.ts'
import type { QueriesOf, ViewProps } from '../registry.ts'

/** Cart (route ecom-cart). */
export function Page({ queries }: ViewProps<'ecom-cart', typeof cartPage>) {
  return (
    <EcomGate title="Корзина" needsStore>
      <CartView cartQuery={queries.cart} />
    </EcomGate>
  )
}

function CartView({ cartQuery }: { cartQuery: QueriesOf<typeof cartPage>['cart'] }) {
  const { data: cart, error } = useQuery(cartQuery)
  const commands = useCartCommands()
  const toast = useToast()
  const { track } = useAnalytics()
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())
  const [lineErrors, setLineErrors] = useState<Readonly<Record<number, string>>>({})
  // Lines with a call in flight: a second click before the re-render must not send a second call.
  const locks = useRef(new Set<number>())

  /** Runs a change of one line: that line waits, a failure is shown on it and the cart is unchanged. */
  const change = async (goodsId: number, work: () => Promise<unknown>): Promise<boolean> => {
    if (locks.current.has(goodsId)) return false
    locks.current.add(goodsId)
    setPending((current) => new Set(current).add(goodsId))
    setLineErrors(({ [goodsId]: _dropped, ...rest }) => rest)
    try {
      await work()
      return true
    } catch (failure) {
      setLineErrors((current) => ({ ...current, [goodsId]: ecomErrorMessage(failure) }))
      return false
    } finally {
      locks.current.delete(goodsId)
      setPending((current) => {
        const next = new Set(current)
        next.delete(goodsId)
        return next
      })
    }
  }

  const remove = async (line: CartLine) => {
    if (!(await change(line.goodsId, () => commands.remove(line.goodsId)))) return
    toast.show({
      theme: 'info',
      type: 'cart-removed',
      title: 'Товар удалён из корзины',
      description: line.name,
      buttonLabel: 'Вернуть',
      onButtonClick: () => {
        commands.add(line.goodsId, Math.min(line.quantity, Math.max(line.maxQuantity, 1))).catch((failure: unknown) => {
          toast.show({
            theme: 'error',
            type: 'cart-restore-failed',
            title: 'Не удалось вернуть товар',
            description: ecomErrorMessage(failure),
          })
        })
      },
    })
  }

  if (!cart) {
    if (error) {
      return (
        <div className="ecom-page">
          <h1 className="page-title">Корзина</h1>
          <EmptyState icon="warning" title="Не удалось загрузить корзину" text={ecomErrorMessage(error)} />
        </div>
      )
    }
    return (
      <div className="ecom-page" aria-busy="true">
        <h1 className="page-title">Корзина</h1>
        <Skeleton height={120} />
      </div>
    )
  }

  if (cart.lines.length === 0) {
    return (
      <div className="ecom-page">
        <h1 className="page-title">Корзина</h1>
        <EmptyState
          icon="cart"
          title="В корзине пока пусто"
          text="Загляните в каталог — там много интересного."
          action={<ButtonLink href={href('catalog')}>Перейти в каталог</ButtonLink>}
        />
      </div>
    )
  }

  // Sold-out lines are set aside (the gateway counts them in no total and orders the rest).
  const { ordered: available, setAside: soldOut } = splitSetAside(cart.lines)
  const hasProblems = available.some((line) => line.quantity > line.maxQuantity)
  const lineView = (line: CartLine) => (
    <CartLineView
      key={line.goodsId}
      line={line}
      pending={pending.has(line.goodsId)}
      error={lineErrors[line.goodsId]}
      onQuantity={(quantity) => void change(line.goodsId, () => commands.setQuantity(line.goodsId, quantity))}
      onRemove={() => void remove(line)}
    />
  )
  return (
    <div className="ecom-page">
      <div className="page-header">
        <h1 className="page-title">Корзина</h1>
      </div>
      <div className="ecom-columns">
        <div className="ecom-columns__main">
          {available.length > 0 && (
            <section aria-label="Товары в корзине">
              <ul className="cart-lines">{available.map(lineView)}</ul>
            </section>
          )}
          {soldOut.length > 0 && (
            <section aria-labelledby="cart-sold-out-title" className="cart-sold-out">
              <h2 id="cart-sold-out-title" className="cart-sold-out__title">
                Нет в наличии
              </h2>
              <p className="text-muted cart-sold-out__note">
                Эти товары не войдут в заказ и не учтены в сумме. Они останутся в корзине, пока вы их не удалите.
              </p>
              <ul className="cart-lines">{soldOut.map(lineView)}</ul>
            </section>
          )}
        </div>
        <aside className="ecom-columns__side ecom-summary" aria-labelledby="cart-summary-title" data-toast-avoid>
          <h2 id="cart-summary-title" className="ecom-summary__title">
            Ваш заказ
          </h2>
          <CartTotals totals={cart.totals} />
          {hasProblems && (
            <p className="ecom-note ecom-note--warning">
              Некоторых товаров нет в нужном количестве — измените количество или удалите их.
            </p>
          )}
          {available.length > 0 ? (
            <ButtonLink href={href('ecom-checkout')} fullWidth size="lg" onClick={() => track('ecom_checkout_click')}>
              Перейти к оформлению
            </ButtonLink>
          ) : (
            <p className="ecom-note ecom-note--warning">Товаров из корзины нет в наличии — заказ оформить нельзя.</p>
          )}
          <ButtonLink href={href('catalog')} variant="ghost" fullWidth>
            Продолжить покупки
          </ButtonLink>
        </aside>
      </div>
    </div>
  )
}

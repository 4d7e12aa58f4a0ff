/**
 * The checkout form: delivery type with the pickup store or the courier address and window, payment
 * method among the saved ones, the order summary and the place-order button. Every choice is saved to
 * the gateway's draft at once (the courier address goes with the order); a failed save keeps the
 * shopper's choice on screen with a retry. Placing the order is guarded against double submits: the
 * button waits, an in-flight lock drops repeated clicks, and one idempotency key per checkout attempt
 * is reused on every retry, so one click makes one order even on a slow network.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { AppError } from '#shared/api/errors.ts'
import { STORAGE } from '#shared/cookies.ts'
import { placeOrder, setCheckoutDelivery, setCheckoutPayment } from '#shared/gateway/checkout.ts'
import type { Cart } from '#shared/models/cart.ts'
import type { Checkout, CheckoutDelivery, DeliveryType } from '#shared/models/checkout.ts'
import type { PaymentMethod } from '#shared/models/payment-cards.ts'
import { activeOrdersQuery, cartQuery, orderQuery, ordersQuery } from '#shared/queries/ecom.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { browserStorage, readChoice } from '#client/features/stores/store-storage.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { Icon } from '#client/components/icon.tsx'
import { countLabel, formatPrice, pluralize } from '#client/lib/format.ts'
import { CartTotals } from './cart-totals.tsx'
import { CourierFields, courierFieldId } from './courier-fields.tsx'
import {
  COURIER_MESSAGES,
  courierDetails,
  emptyCourierDraft,
  firstInvalid,
  validateCourier,
  type CourierDraft,
} from './courier-form.ts'
import { deliverySlotsQuery } from './delivery-slots.ts'
import {
  DELIVERY_LABELS,
  courierPriceText,
  deliveryHint,
  ecomErrorMessage,
  gatewayCodeOf,
  methodCustomName,
  methodDetails,
} from './ecom-texts.ts'
import { ORDER_PLACED_STATE } from './order-placed.tsx'
import { newIdempotencyKey } from './idempotency-key.ts'
import { splitSetAside } from './set-aside.ts'
import { useAction, useLatestAction } from './use-action.ts'

export interface CheckoutViewProps {
  checkout: Checkout
  cart: Cart
  methods: readonly PaymentMethod[]
  /** Replaces the draft in the shared cache (after a save) or refetches it (no argument). */
  refresh: (next?: Checkout) => Promise<unknown>
}

const readShopCode = (): string | undefined => {
  try {
    return localStorage.getItem(STORAGE.shopCode) ?? undefined
  } catch {
    return undefined
  }
}

/** Where the typed courier address waits while the shopper is on the checkout (session storage of this tab). */
const COURIER_DRAFT_KEY = 'checkout.courier'

function readCourierDraft(): CourierDraft | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(COURIER_DRAFT_KEY) ?? 'null') as Partial<CourierDraft> | null
    return saved && typeof saved.street === 'string' ? { ...emptyCourierDraft(), ...saved } : undefined
  } catch {
    return undefined
  }
}

function writeCourierDraft(draft: CourierDraft | undefined): void {
  try {
    if (draft) sessionStorage.setItem(COURIER_DRAFT_KEY, JSON.stringify(draft))
    else sessionStorage.removeItem(COURIER_DRAFT_KEY)
  } catch {
    // Blocked storage: the address lives for this page only.
  }
}

/** The checkout's line under the summary for sold-out lines the order leaves in the cart. */
export function setAsideNote(count: number): string {
  const will = pluralize(count, [
    'не войдёт в заказ и останется',
    'не войдут в заказ и останутся',
    'не войдут в заказ и останутся',
  ])
  // After «нет» the noun takes the genitive: «1 товара нет», «2 товаров нет», «21 товара нет».
  return `${countLabel(count, ['товара', 'товаров', 'товаров'])} нет в наличии: ${will} в корзине.`
}

/** The text for a failed placement; stock problems name the goods (from the refreshed draft). */
export function placeErrorText(error: unknown, checkout: Checkout, cart: Cart): string {
  const code = gatewayCodeOf(error)
  if (code === 'outOfStock') {
    const names = checkout.problems
      .filter((problem) => problem.kind === 'outOfStock' || problem.kind === 'notEnough')
      .map((problem) => cart.lines.find((line) => line.goodsId === problem.goodsId)?.name)
      .filter((name): name is string => Boolean(name))
    return names.length > 0
      ? `Нет в наличии в нужном количестве: ${names.map((name) => `«${name}»`).join(', ')}. Измените количество в корзине или удалите эти товары.`
      : 'Некоторых товаров нет в наличии. Проверьте корзину.'
  }
  if (code === 'storeChanged')
    return 'Магазин самовывоза изменился или больше не принимает заказы. Выберите магазин ещё раз и подтвердите заказ.'
  if (code === 'cartChanged')
    return 'Корзина изменилась, пока вы оформляли заказ. Проверьте состав и нажмите «Оформить заказ» ещё раз.'
  if (code === 'emptyCart') return 'Корзина пуста — заказ оформить нельзя.'
  if (code === 'slotUnavailable') return COURIER_MESSAGES.slotGone
  if (code === 'validationError') {
    return checkout.deliveryType === 'courier'
      ? 'Проверьте адрес, время доставки и способ оплаты.'
      : 'Выберите магазин самовывоза и способ оплаты.'
  }
  return `Не удалось оформить заказ: ${ecomErrorMessage(error)}. Всё, что вы выбрали, сохранено — попробуйте ещё раз.`
}

/** Checkout form and summary. */
export function CheckoutView({ checkout, cart, methods, refresh }: CheckoutViewProps) {
  const { api, openStorePicker } = useApp()
  const { track } = useAnalytics()
  const { mutate } = useSWRConfig()
  const [, navigate] = useLocation()
  const [delivery, setDelivery] = useState<DeliveryType>(checkout.deliveryType)
  const [paymentId, setPaymentId] = useState<string | undefined>(checkout.paymentMethod?.id)
  const attemptKey = useRef<string | undefined>(undefined)
  const [courier, setCourier] = useState<CourierDraft>(emptyCourierDraft)
  const [showCourierErrors, setShowCourierErrors] = useState(false)
  const courierSlots = useQuery(
    delivery === 'courier' && courier.cityFiasId ? deliverySlotsQuery(courier.cityFiasId) : null,
  )
  const availableSlots = useMemo(
    () => new Set((courierSlots.data?.items ?? []).filter((slot) => slot.available).map((slot) => slot.id)),
    [courierSlots.data],
  )
  const courierErrors = showCourierErrors ? validateCourier(courier, availableSlots) : {}

  // The typed address survives a reload of the checkout (this tab only); the city starts as the stored one.
  useEffect(() => {
    const saved = readCourierDraft()
    if (saved) setCourier(saved)
    else {
      const city = readChoice(browserStorage()).city
      if (city?.fiasId) setCourier(emptyCourierDraft(city))
    }
  }, [])
  const changeCourier = useCallback((patch: Partial<CourierDraft>) => {
    setCourier((current) => {
      const next = { ...current, ...patch }
      writeCourierDraft(next)
      return next
    })
  }, [])

  // Saved as chosen, the last choice last: a tap on «Доставка курьером» while the device's store is
  // being saved for pickup (below) is saved after it, not dropped by an in-flight lock.
  const saveDelivery = useLatestAction(async (body: CheckoutDelivery) =>
    refresh(await api.call(setCheckoutDelivery, { body })),
  )
  const savePayment = useLatestAction(async (paymentMethodId: string) =>
    refresh(await api.call(setCheckoutPayment, { body: { paymentMethodId } })),
  )
  const place = useAction(async () => {
    // One key per checkout attempt: a retry after a lost answer gets the same order back.
    attemptKey.current ??= newIdempotencyKey()
    try {
      const body = { cartVersion: checkout.cartVersion, idempotencyKey: attemptKey.current }
      const order = await api.call(placeOrder, {
        body: delivery === 'courier' ? { ...body, courier: courierDetails(courier) } : body,
      })
      attemptKey.current = undefined
      writeCourierDraft(undefined)
      track('ecom_order_created', { orderId: order.id })
      await mutate(orderQuery(order.id).key, order, { revalidate: false })
      void mutate(cartQuery().key)
      void mutate(activeOrdersQuery().key)
      void mutate(ordersQuery(1).key)
      navigate(href('ecom-order', { id: order.id }), { state: ORDER_PLACED_STATE })
    } catch (error) {
      // A conflict means the draft moved on: read it again so the form shows what is true now.
      if (error instanceof AppError && error.status === 409) {
        await Promise.all([refresh(), mutate(cartQuery().key), courierSlots.mutate()])
        // A full window is no longer the shopper's choice: a new one must be picked (and a new attempt made).
        if (gatewayCodeOf(error) === 'slotUnavailable') {
          attemptKey.current = undefined
          changeCourier({ slotId: '' })
        }
      }
      throw error
    }
  })

  const pickupStore = async (storeCode: string | undefined) => {
    setDelivery('pickup')
    if (storeCode) await saveDelivery.run({ deliveryType: 'pickup', storeCode })
    else await saveDelivery.run({ deliveryType: 'pickup' })
  }

  // A pickup draft without a store takes the store chosen on this device.
  const autoStore = useRef(false)
  const runSaveDelivery = saveDelivery.run
  useEffect(() => {
    if (autoStore.current || checkout.deliveryType !== 'pickup' || checkout.store) return
    autoStore.current = true
    const code = readShopCode()
    if (code) void runSaveDelivery({ deliveryType: 'pickup', storeCode: code })
  }, [checkout.deliveryType, checkout.store, runSaveDelivery])

  const chooseStore = async () => {
    await openStorePicker()
    const code = readShopCode()
    if (code && code !== checkout.store?.code) await pickupStore(code)
  }
  const chooseDelivery = (type: DeliveryType) => {
    if (type === 'courier') {
      setDelivery('courier')
      void saveDelivery.run({ deliveryType: 'courier' })
    } else {
      void pickupStore(checkout.store?.code ?? readShopCode())
    }
  }
  const choosePayment = (id: string) => {
    setPaymentId(id)
    void savePayment.run(id)
  }

  const submit = () => {
    if (delivery === 'courier') {
      const invalid = firstInvalid(validateCourier(courier, availableSlots))
      setShowCourierErrors(true)
      if (invalid) {
        const field = document.getElementById(courierFieldId(invalid))
        // The window group takes focus on its first window that can still be chosen.
        const focusable =
          invalid === 'slotId' ? (field?.querySelector<HTMLInputElement>('input:not(:disabled)') ?? field) : field
        focusable?.focus()
        return
      }
    }
    void place.run()
  }

  const unsaved =
    delivery !== checkout.deliveryType || (paymentId !== undefined && paymentId !== checkout.paymentMethod?.id)
  const busy = saveDelivery.pending || savePayment.pending
  const problems = checkout.problems
  // Only what will be ordered (UX4-02): sold-out lines stay in the cart, counted in no total.
  const { ordered, setAside } = splitSetAside(cart.lines)
  const placeError = place.error === undefined ? undefined : placeErrorText(place.error, checkout, cart)

  return (
    <div className="ecom-columns">
      <div className="ecom-columns__main checkout-sections">
        <fieldset className="ecom-card checkout-section" disabled={place.pending}>
          <legend className="checkout-section__title">Способ получения</legend>
          <div className="choice-list">
            {(['pickup', 'courier'] as const).map((type) => (
              <label key={type} className="choice">
                <input
                  type="radio"
                  name="delivery"
                  value={type}
                  checked={delivery === type}
                  onChange={() => chooseDelivery(type)}
                  className="choice__input"
                />
                <span className="choice__box" aria-hidden="true" />
                <Icon name={type === 'pickup' ? 'store' : 'truck'} size={20} />
                <span className="choice__text">
                  <span className="choice__title">{DELIVERY_LABELS[type]}</span>
                  {deliveryHint(type, checkout) && <span className="choice__hint">{deliveryHint(type, checkout)}</span>}
                </span>
              </label>
            ))}
          </div>
          {delivery === 'pickup' ? (
            <div className="checkout-store">
              {checkout.store ? (
                <div className="checkout-store__info">
                  <p className="checkout-store__name">{checkout.store.name}</p>
                  <p className="checkout-store__address text-muted">{checkout.store.address}</p>
                </div>
              ) : (
                <p className="checkout-store__info text-muted">Магазин самовывоза не выбран</p>
              )}
              <Button
                variant="secondary"
                size="sm"
                iconStart="location"
                onClick={() => void chooseStore()}
                disabled={busy}
              >
                {checkout.store ? 'Изменить магазин' : 'Выбрать магазин'}
              </Button>
            </div>
          ) : (
            <>
              <CourierFields
                draft={courier}
                onChange={changeCourier}
                errors={courierErrors}
                slots={courierSlots.data?.items}
                slotsFailed={courierSlots.error !== undefined}
                onRetrySlots={() => void courierSlots.mutate()}
              />
              <p className="text-muted">{courierPriceText(checkout)}</p>
            </>
          )}
          {saveDelivery.pending && (
            <p className="ecom-note" role="status">
              Сохраняем…
            </p>
          )}
          {saveDelivery.error !== undefined && (
            <div className="ecom-error" role="alert">
              <span>Не удалось сохранить способ получения: {ecomErrorMessage(saveDelivery.error)}</span>
              <Button variant="ghost" size="sm" onClick={() => chooseDelivery(delivery)}>
                Повторить
              </Button>
            </div>
          )}
        </fieldset>

        <fieldset className="ecom-card checkout-section" disabled={place.pending}>
          <legend className="checkout-section__title">Способ оплаты</legend>
          {methods.length === 0 ? (
            <p className="text-muted">Сохранённых способов оплаты пока нет.</p>
          ) : (
            <div className="choice-list">
              {methods.map((method) => (
                <label key={method.id} className="choice">
                  <input
                    type="radio"
                    name="payment"
                    value={method.id}
                    checked={paymentId === method.id}
                    onChange={() => choosePayment(method.id)}
                    className="choice__input"
                  />
                  <span className="choice__box" aria-hidden="true" />
                  <Icon name={method.type === 'card' ? 'card' : 'phone'} size={20} />
                  <span className="choice__text">
                    <span className="choice__title">{methodCustomName(method) ?? methodDetails(method)}</span>
                    {methodCustomName(method) && <span className="choice__hint">{methodDetails(method)}</span>}
                  </span>
                </label>
              ))}
            </div>
          )}
          <ButtonLink href={`${href('ecom')}#payment-methods`} variant="ghost" size="sm" iconStart="plus">
            Добавить способ оплаты
          </ButtonLink>
          {savePayment.pending && (
            <p className="ecom-note" role="status">
              Сохраняем…
            </p>
          )}
          {savePayment.error !== undefined && paymentId && (
            <div className="ecom-error" role="alert">
              <span>Не удалось сохранить способ оплаты: {ecomErrorMessage(savePayment.error)}</span>
              <Button variant="ghost" size="sm" onClick={() => choosePayment(paymentId)}>
                Повторить
              </Button>
            </div>
          )}
        </fieldset>
      </div>

      <aside className="ecom-columns__side ecom-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title" className="ecom-summary__title">
          Ваш заказ
        </h2>
        <ul className="summary-lines">
          {ordered.map((line) => (
            <li key={line.goodsId} className="summary-lines__item">
              <span className="summary-lines__name break-anywhere">
                {line.name} <span className="text-muted">× {line.quantity}</span>
              </span>
              <span className="summary-lines__price">{formatPrice(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        {setAside.length > 0 && (
          <p className="ecom-note text-muted" data-testid="checkout-set-aside">
            {setAsideNote(setAside.length)}
          </p>
        )}
        <CartTotals totals={checkout.totals} deliveryPrice={checkout.deliveryPrice} />
        {problems.length > 0 && (
          <ul className="ecom-problems" aria-label="Что мешает оформить заказ">
            {problems.map((problem, index) => (
              <li key={`${problem.kind}-${problem.goodsId ?? index}`} className="ecom-note ecom-note--warning">
                {problem.message}
              </li>
            ))}
          </ul>
        )}
        {placeError && (
          <p className="ecom-error" role="alert">
            {placeError}
          </p>
        )}
        <Button
          size="lg"
          fullWidth
          loading={place.pending}
          disabled={!checkout.canPlace || unsaved || busy}
          onClick={submit}
        >
          Оформить заказ
        </Button>
        <ButtonLink href={href('ecom-cart')} variant="ghost" fullWidth>
          Вернуться в корзину
        </ButtonLink>
      </aside>
    </div>
  )
}

/**
 * `<PaymentMethodsSection>`: the saved cards and SBP accounts — add a card on the gateway's hosted
 * form (the browser goes there directly: card numbers never pass through our server, DESIGN.md
 * section 3), link an SBP account, rename, make default, delete after a confirmation.
 */
import { useEffect, useState } from 'react'
import { useSWRConfig } from 'swr'
import { createCardSession, deletePaymentMethod, setDefaultPaymentMethod } from '#shared/gateway/payment-methods.ts'
import type { PaymentMethod, PaymentMethods } from '#shared/models/payment-cards.ts'
import { checkoutQuery, paymentMethodsQuery } from '#shared/queries/ecom.ts'
import { href } from '#shared/routing/href.ts'
import { useApi } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Icon } from '#client/components/icon.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { ActionsMenu } from './actions-menu.tsx'
import { ecomErrorMessage, methodCustomName, methodDetails, methodLabel, removeMethodTexts } from './ecom-texts.ts'
import { RenameDialog, SbpDialog } from './payment-method-dialogs.tsx'
import { useAction } from './use-action.ts'

export interface PaymentMethodsSectionProps {
  methods: readonly PaymentMethod[]
}

/** The payment methods block of `/ecom`. */
export function PaymentMethodsSection({ methods }: PaymentMethodsSectionProps) {
  const api = useApi()
  const { mutate } = useSWRConfig()
  const { track } = useAnalytics()
  const toast = useToast()
  const [sbpOpen, setSbpOpen] = useState(false)
  const [renaming, setRenaming] = useState<PaymentMethod | undefined>(undefined)
  const [deleting, setDeleting] = useState<PaymentMethod | undefined>(undefined)
  const [leaving, setLeaving] = useState(false)

  const store = async (list: PaymentMethods | undefined) => {
    await mutate(paymentMethodsQuery().key, list, { revalidate: list === undefined })
    // The checkout draft names a method: read it again next time it is shown.
    void mutate(checkoutQuery().key)
  }
  const replace = (method: PaymentMethod) =>
    store({ items: methods.map((item) => (item.id === method.id ? method : item)) })

  // Coming back from the hosted form with the browser's back button shows the page as it was left.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setLeaving(false)
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  const addCard = useAction(async () => {
    track('ecom_card_add_click')
    // Back to this section, not the top of the hub.
    const session = await api.call(createCardSession, { body: { returnUrl: `${href('ecom')}#payment-methods` } })
    setLeaving(true)
    window.location.assign(session.formUrl)
  })
  const makeDefault = useAction(async (method: PaymentMethod) => {
    await store(await api.call(setDefaultPaymentMethod, { params: { id: method.id } }))
    toast.show({ theme: 'success', type: 'method-default', title: `${methodLabel(method)} — основной способ оплаты` })
  })
  const remove = useAction(async (method: PaymentMethod) => {
    await store(await api.call(deletePaymentMethod, { params: { id: method.id } }))
    track('ecom_card_delete_confirm')
    setDeleting(undefined)
    toast.show({ theme: 'success', type: 'method-deleted', title: removeMethodTexts(method).done })
  })
  const [defaultTarget, setDefaultTarget] = useState<string | undefined>(undefined)

  return (
    <section className="ecom-section" aria-labelledby="payment-methods">
      <div className="ecom-section__head">
        <h2 id="payment-methods" className="ecom-section__title" tabIndex={-1}>
          Способы оплаты
        </h2>
        <div className="cluster">
          <Button iconStart="card" loading={addCard.pending || leaving} onClick={() => void addCard.run()}>
            Добавить карту
          </Button>
          <Button variant="secondary" iconStart="phone" onClick={() => setSbpOpen(true)}>
            Подключить СБП
          </Button>
        </div>
      </div>
      {addCard.error !== undefined && (
        <p className="ecom-error" role="alert">
          Не удалось открыть форму добавления карты: {ecomErrorMessage(addCard.error)}
        </p>
      )}
      {makeDefault.error !== undefined && (
        <p className="ecom-error" role="alert">
          Не удалось сделать способ основным: {ecomErrorMessage(makeDefault.error)}
        </p>
      )}
      {methods.length === 0 ? (
        <EmptyState
          icon="card"
          headingLevel={3}
          title="Нет сохранённых способов оплаты"
          text="Добавьте карту или счёт СБП, чтобы оплачивать заказы в один клик."
        />
      ) : (
        <ul className="methods-list">
          {methods.map((method) => {
            const custom = methodCustomName(method)
            const label = methodLabel(method)
            const pendingDefault = makeDefault.pending && defaultTarget === method.id
            return (
              <li key={method.id} className="method" data-method-id={method.id} aria-busy={pendingDefault || undefined}>
                <span className="method__icon" aria-hidden="true">
                  <Icon name={method.type === 'card' ? 'card' : 'phone'} size={24} />
                </span>
                <span className="method__text">
                  <span className="method__name break-anywhere">{custom ?? methodDetails(method)}</span>
                  {custom && <span className="method__details text-muted">{methodDetails(method)}</span>}
                </span>
                {method.isDefault && <span className="method__default">Основной</span>}
                <ActionsMenu
                  label={`Действия: ${label}`}
                  items={[
                    ...(method.isDefault
                      ? []
                      : [
                          {
                            label: 'Сделать основным',
                            onSelect: () => {
                              if (makeDefault.pending) return
                              setDefaultTarget(method.id)
                              void makeDefault.run(method)
                            },
                          },
                        ]),
                    { label: custom ? 'Переименовать' : 'Дать название', onSelect: () => setRenaming(method) },
                    {
                      label: removeMethodTexts(method).action,
                      danger: true,
                      onSelect: () => {
                        remove.reset()
                        setDeleting(method)
                      },
                    },
                  ]}
                />
              </li>
            )
          })}
        </ul>
      )}

      <SbpDialog
        open={sbpOpen}
        onClose={() => setSbpOpen(false)}
        linkedBankIds={methods.flatMap((method) => (method.type === 'sbp' ? [method.bankId] : []))}
        onLinked={(method) => {
          setSbpOpen(false)
          void store(undefined)
          toast.show({ theme: 'success', type: 'sbp-linked', title: `Счёт СБП подключён: ${methodLabel(method)}` })
        }}
      />
      <RenameDialog
        method={renaming}
        onClose={() => setRenaming(undefined)}
        onRenamed={(method) => {
          setRenaming(undefined)
          void replace(method)
          toast.show({ theme: 'success', type: 'method-renamed', title: 'Название сохранено' })
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title={deleting ? removeMethodTexts(deleting).title : 'Удалить карту?'}
        description={deleting ? `${methodLabel(deleting)} больше не будет предлагаться при оплате.` : undefined}
        confirmLabel={deleting ? removeMethodTexts(deleting).action : 'Удалить'}
        pending={remove.pending}
        error={
          remove.error === undefined || !deleting
            ? undefined
            : `${removeMethodTexts(deleting).failed}: ${ecomErrorMessage(remove.error)}`
        }
        onConfirm={() => deleting && void remove.run(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </section>
  )
}

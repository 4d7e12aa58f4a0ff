/** Dialogs of the saved payment methods: link an SBP account (choose a bank) and rename a method. */
import { useId, useState, type FormEvent } from 'react'
import { linkSbpAccount, renamePaymentMethod } from '#shared/gateway/payment-methods.ts'
import type { PaymentMethod } from '#shared/models/payment-cards.ts'
import { sbpBanksQuery } from '#shared/queries/ecom.ts'
import { useApi } from '#client/context/app-context.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { ecomErrorMessage, methodCustomName } from './ecom-texts.ts'
import { useAction } from './use-action.ts'

/** Longest name of a payment method (`PaymentMethodRenameSchema`). */
export const METHOD_NAME_MAX = 40

export interface SbpDialogProps {
  open: boolean
  onClose: () => void
  /** Called with the linked account. */
  onLinked: (method: PaymentMethod) => void
  /** Banks whose SBP account is linked already: shown «Подключён», not offered again. */
  linkedBankIds?: readonly string[]
}

/** 'Подключить СБП': the shopper picks a bank, the gateway links the account. */
export function SbpDialog({ open, onClose, onLinked, linkedBankIds = [] }: SbpDialogProps) {
  return open ? <SbpDialogOpen onClose={onClose} onLinked={onLinked} linkedBankIds={linkedBankIds} /> : null
}

function SbpDialogOpen({ onClose, onLinked, linkedBankIds = [] }: Omit<SbpDialogProps, 'open'>) {
  const api = useApi()
  const formId = useId()
  const banks = useQuery(sbpBanksQuery())
  const [bankId, setBankId] = useState<string | undefined>(undefined)
  const [missing, setMissing] = useState(false)
  const link = useAction(async (id: string) => onLinked(await api.call(linkSbpAccount, { body: { bankId: id } })))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!bankId) return setMissing(true)
    void link.run(bankId)
  }
  return (
    <Dialog
      open
      onClose={() => !link.pending && onClose()}
      title="Подключить СБП"
      description="Оплата через Систему быстрых платежей со счёта в вашем банке."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={link.pending}>
            Отмена
          </Button>
          <Button type="submit" form={formId} loading={link.pending}>
            Подключить
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {banks.data ? (
          <fieldset
            className="choice-list choice-list--scroll"
            aria-describedby={missing ? `${formId}-missing` : undefined}
          >
            <legend className="visually-hidden">Банк</legend>
            {banks.data.items.map((bank) => {
              const linked = linkedBankIds.includes(bank.id)
              return (
                <label key={bank.id} className={linked ? 'choice choice--linked' : 'choice'}>
                  <input
                    type="radio"
                    name="bank"
                    value={bank.id}
                    className="choice__input"
                    checked={!linked && bankId === bank.id}
                    disabled={linked}
                    aria-describedby={linked ? `${formId}-linked-${bank.id}` : undefined}
                    onChange={() => {
                      setBankId(bank.id)
                      setMissing(false)
                    }}
                  />
                  <span className="choice__box" aria-hidden="true" />
                  <img src={bank.logo.url} alt="" width={24} height={24} className="choice__logo" />
                  <span className="choice__text">{bank.name}</span>
                  {linked && (
                    <span className="choice__tag" id={`${formId}-linked-${bank.id}`}>
                      Подключён
                    </span>
                  )}
                </label>
              )
            })}
          </fieldset>
        ) : banks.error ? (
          <div className="ecom-error" role="alert">
            <span>Не удалось загрузить список банков: {ecomErrorMessage(banks.error)}</span>
            <Button variant="ghost" size="sm" onClick={() => void banks.mutate()}>
              Повторить
            </Button>
          </div>
        ) : (
          <Skeleton height={160} />
        )}
        {missing && (
          <p className="ecom-error" id={`${formId}-missing`} role="alert">
            Выберите банк
          </p>
        )}
        {link.error !== undefined && (
          <p className="ecom-error" role="alert">
            {ecomErrorMessage(link.error)}
          </p>
        )}
      </form>
    </Dialog>
  )
}

export interface RenameDialogProps {
  method: PaymentMethod | undefined
  onClose: () => void
  onRenamed: (method: PaymentMethod) => void
}

/** 'Переименовать': edits the name a saved method is shown with. */
export function RenameDialog({ method, onClose, onRenamed }: RenameDialogProps) {
  return method ? <RenameDialogOpen key={method.id} method={method} onClose={onClose} onRenamed={onRenamed} /> : null
}

function RenameDialogOpen({
  method,
  onClose,
  onRenamed,
}: {
  method: PaymentMethod
  onClose: () => void
  onRenamed: (method: PaymentMethod) => void
}) {
  const api = useApi()
  const formId = useId()
  const [name, setName] = useState(methodCustomName(method) ?? '')
  const [invalid, setInvalid] = useState<string | undefined>(undefined)
  const rename = useAction(async (value: string) =>
    onRenamed(await api.call(renamePaymentMethod, { params: { id: method.id }, body: { name: value } })),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = name.trim()
    if (!value) return setInvalid('Введите название')
    if (value.length > METHOD_NAME_MAX) return setInvalid(`Не длиннее ${METHOD_NAME_MAX} символов`)
    void rename.run(value)
  }
  return (
    <Dialog
      open
      onClose={() => !rename.pending && onClose()}
      title="Название способа оплаты"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={rename.pending}>
            Отмена
          </Button>
          <Button type="submit" form={formId} loading={rename.pending}>
            Сохранить
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Название"
          value={name}
          maxLength={METHOD_NAME_MAX}
          autoComplete="off"
          error={invalid}
          onChange={(event) => {
            setName(event.target.value)
            setInvalid(undefined)
          }}
        />
        {rename.error !== undefined && (
          <p className="ecom-error" role="alert">
            Не удалось сохранить: {ecomErrorMessage(rename.error)}
          </p>
        )}
      </form>
    </Dialog>
  )
}

/**
 * 'Мои данные': the profile (editable fields, PATCH of the changed ones), the subscription status,
 * and the marketing consents of every channel (`PUT /cuscom/v2/user/permissions` of the changed
 * flags). Each request shows its status: spinners, disabled buttons, error texts.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { mutate, unstable_serialize } from 'swr'
import { AppError } from '#shared/api/errors.ts'
import { changedPermissions, channelsOf, permissionsOf } from '#shared/auth/consents.ts'
import { AUTH_MESSAGES, profileErrorMessage } from '#shared/auth/error-flags.ts'
import { formatPhone } from '#shared/auth/phone.ts'
import {
  formValuesOf,
  profileChanges,
  validateProfileForm,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '#shared/auth/profile-form.ts'
import type { RequestStatus } from '#shared/auth/request-status.ts'
import { SUBSCRIPTION_LABELS, isSubscribed } from '#shared/auth/subscription.ts'
import type { ConsentChannel, Permissions } from '#shared/models/consents.ts'
import type { Profile } from '#shared/models/profile.ts'
import {
  permissionsQuery,
  profileQuery,
  savePermissions,
  saveProfile,
  subscriptionQuery,
} from '#shared/queries/profile.ts'
import { useApi, useApp } from '#client/context/app-context.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { ConsentSwitches } from './consent-switches.tsx'
import { ProfileFields } from './profile-fields.tsx'

export interface ProfileDialogProps {
  onClose: () => void
}

/** The profile and consents dialog. */
export function ProfileDialog({ onClose }: ProfileDialogProps) {
  const profile = useQuery(profileQuery())
  const permissions = useQuery(permissionsQuery())
  const subscription = useQuery(subscriptionQuery())
  return (
    <Dialog open onClose={onClose} title="Мои данные" size="md" className="profile-dialog">
      <section className="profile-dialog__section" aria-labelledby="profile-personal">
        <h3 id="profile-personal" className="profile-dialog__heading">
          Личные данные
        </h3>
        {profile.data ? (
          <ProfileForm profile={profile.data} />
        ) : (
          <RequestState error={profile.error} onRetry={() => void profile.mutate()} label="Загружаем профиль" />
        )}
      </section>
      <section className="profile-dialog__section" aria-labelledby="profile-subscription">
        <h3 id="profile-subscription" className="profile-dialog__heading">
          Подписка
        </h3>
        {subscription.data ? (
          <p className={`subscription subscription--${isSubscribed(subscription.data.currentStatus) ? 'on' : 'off'}`}>
            {SUBSCRIPTION_LABELS[subscription.data.currentStatus]}
          </p>
        ) : (
          <RequestState
            error={subscription.error}
            onRetry={() => void subscription.mutate()}
            label="Загружаем подписку"
          />
        )}
      </section>
      <section className="profile-dialog__section" aria-labelledby="profile-consents">
        <h3 id="profile-consents" className="profile-dialog__heading">
          Согласия на рассылки
        </h3>
        {permissions.data ? (
          <ConsentsForm permissions={permissions.data} />
        ) : (
          <RequestState
            error={permissions.error}
            onRetry={() => void permissions.mutate()}
            label="Загружаем согласия"
          />
        )}
      </section>
    </Dialog>
  )
}

/** Loading (spinner) or failed (fallback text and a retry) state of a section. */
function RequestState({ error, onRetry, label }: { error: unknown; onRetry: () => void; label: string }) {
  if (!error) return <Spinner label={label} />
  return (
    <div className="request-error" role="alert">
      <p>{AUTH_MESSAGES.fallback}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  )
}

/** Editable profile fields; saves only the changed ones. */
function ProfileForm({ profile }: { profile: Profile }) {
  const { api, refreshSession } = useApp()
  const toast = useToast()
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(profile))
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [status, setStatus] = useState<RequestStatus>('initial')
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const changes = profileChanges(profile, values)
  const dirty = Object.keys(changes).length > 0

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateProfileForm(values)
    setErrors(found)
    setFormError(undefined)
    if (Object.keys(found).length > 0 || !dirty) return
    setStatus('pending')
    try {
      const saved = await saveProfile(api, changes)
      await mutate(unstable_serialize(profileQuery().key), saved, { revalidate: false })
      setValues(formValuesOf(saved))
      // The server re-checked completeness; the cookie may have changed.
      void refreshSession()
      setStatus('success')
      toast.show({ theme: 'success', title: 'Данные сохранены' })
    } catch (error) {
      setStatus('error')
      if (error instanceof AppError && error.gatewayCode === 'emailForbiddenToUse')
        setErrors({ email: AUTH_MESSAGES.personalEmail })
      else setFormError(profileErrorMessage(error))
    }
  }

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={status === 'pending' || undefined}
    >
      <p className="profile-dialog__phone">
        Телефон: <span>{formatPhone(profile.phone)}</span>
      </p>
      <ProfileFields values={values} errors={errors} onChange={setValues} disabled={status === 'pending'} />
      {profile.email && !profile.isEmailConfirmed && (
        <p className="field__hint">Почта не подтверждена — проверьте письмо во входящих</p>
      )}
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" loading={status === 'pending'} disabled={!dirty}>
        Сохранить
      </Button>
    </form>
  )
}

/** The consent switches; saves only the changed flags. */
function ConsentsForm({ permissions }: { permissions: Permissions }) {
  const api = useApi()
  const toast = useToast()
  const [values, setValues] = useState<Record<ConsentChannel, boolean>>(() => channelsOf(permissions))
  const [status, setStatus] = useState<RequestStatus>('initial')
  const changes = changedPermissions(permissions, permissionsOf(values))
  const dirty = Object.keys(changes).length > 0

  useEffect(() => {
    if (status !== 'pending') setValues(channelsOf(permissions))
    // Only when the saved flags change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [permissions])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!dirty) return
    setStatus('pending')
    try {
      const saved = await savePermissions(api, changes)
      await mutate(unstable_serialize(permissionsQuery().key), saved, { revalidate: false })
      setStatus('success')
      toast.show({ theme: 'success', title: 'Согласия сохранены' })
    } catch {
      setStatus('error')
    }
  }

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={status === 'pending' || undefined}
    >
      <ConsentSwitches
        values={values}
        onChange={setValues}
        disabled={status === 'pending'}
        legend="Получать предложения и новости"
      />
      {status === 'error' && (
        <p className="auth-form__error" role="alert">
          {AUTH_MESSAGES.fallback}
        </p>
      )}
      <Button type="submit" variant="secondary" loading={status === 'pending'} disabled={!dirty}>
        Сохранить согласия
      </Button>
    </form>
  )
}

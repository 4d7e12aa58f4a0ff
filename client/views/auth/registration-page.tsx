/**
 * Registration (route `registration`): first name, optional birth date and e-mail, the marketing
 * consents with their defaults (SMS on), and the user agreement. The server registers the verified
 * phone with its kept login code and signs the new account in; the shopper then returns where the
 * login began.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { mutate, unstable_serialize } from 'swr'
import { AppError } from '#shared/api/errors.ts'
import { bffRegister } from '#shared/auth/bff.ts'
import { formatPhone } from '#shared/auth/phone.ts'
import { COOKIE } from '#shared/cookies.ts'
import { channelsOf, permissionsOf } from '#shared/auth/consents.ts'
import { AUTH_MESSAGES, profileErrorMessage } from '#shared/auth/error-flags.ts'
import {
  PROFILE_FORM_MESSAGES,
  registrationFields,
  validateProfileForm,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '#shared/auth/profile-form.ts'
import type { RequestStatus } from '#shared/auth/request-status.ts'
import { getProfile } from '#shared/gateway/profile.ts'
import { profileQuery } from '#shared/queries/profile.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { ConsentSwitches } from '#client/features/auth/consent-switches.tsx'
import { readRegistrationPhone } from '#client/features/auth/last-attempt.ts'
import { takeLoginOrigin } from '#client/features/auth/login-origin.ts'
import { ProfileFields } from '#client/features/auth/profile-fields.tsx'
import type { ViewProps } from '../registry.ts'

/** Why the login sheet opens over the registration page. */
const VERIFY_PHONE_REASON = 'Подтвердите номер телефона, чтобы зарегистрироваться'

/** Whether the server marked a verified new phone (`customer_code`, readable by the page). */
const hasCustomerCode = (): boolean =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE.customerCode}=`))

/** Registration (route registration). */
export function Page(_props: ViewProps<'registration'>) {
  const { api, config, openLogin, refreshSession, session } = useApp()
  const { track } = useAnalytics()
  const toast = useToast()
  const [, setLocation] = useLocation()
  const [values, setValues] = useState<ProfileFormValues>({ firstName: '', birthDate: '', email: '' })
  const [consents, setConsents] = useState(() => channelsOf(undefined))
  const [agreed, setAgreed] = useState(false)
  const [errors, setErrors] = useState<ProfileFormErrors & { agreement?: string }>({})
  const [status, setStatus] = useState<RequestStatus>('initial')
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const [codeExpired, setCodeExpired] = useState(false)
  // Registration is for a phone verified by SMS. Without one (a promo link, a bookmark), the phone
  // step comes first: the login sheet opens, and a new number comes back here with the form.
  const [verified, setVerified] = useState<boolean | undefined>(undefined)
  const [phone, setPhone] = useState<string | undefined>(undefined)
  const askPhone = useCallback(() => {
    void openLogin({ reason: VERIFY_PHONE_REASON }).then(() => {
      if (hasCustomerCode()) {
        setVerified(true)
        setPhone(readRegistrationPhone())
      }
    })
  }, [openLogin])
  useEffect(() => {
    if (hasCustomerCode()) {
      setVerified(true)
      setPhone(readRegistrationPhone())
    } else {
      setVerified(false)
      if (!session.authorized) askPhone()
    }
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found: ProfileFormErrors & { agreement?: string } = validateProfileForm(values)
    if (!agreed) found.agreement = PROFILE_FORM_MESSAGES.agreementRequired
    setErrors(found)
    setFormError(undefined)
    if (Object.keys(found).length > 0) return
    setStatus('pending')
    track('security_registration_submit')
    try {
      const session = await api.call(bffRegister, {
        body: { ...registrationFields(values), agreementAccepted: true, permissions: permissionsOf(consents) },
      })
      setStatus('success')
      void refreshSession()
      await new Promise((resolve) => setTimeout(resolve, session.profileLoadDelayMs))
      try {
        await mutate(unstable_serialize(profileQuery().key), await api.call(getProfile), { revalidate: false })
      } catch {
        // The toolbar falls back to 'Профиль' without the name.
      }
      toast.show({
        theme: 'success',
        title: 'Вы зарегистрированы',
        // Where the «300 баллов» of the home page's promo are found (UX4-07).
        description: `Добро пожаловать, ${values.firstName.trim()}! Баллы за регистрацию — в «Карте лояльности» в меню профиля.`,
      })
      setLocation(session.incompleteProfile ? href('profile-incomplete') : takeLoginOrigin(), { replace: true })
    } catch (error) {
      setStatus('error')
      if (error instanceof AppError && error.gatewayCode === 'emailForbiddenToUse') {
        setErrors({ email: AUTH_MESSAGES.personalEmail })
      } else if (error instanceof AppError && error.status === 422) {
        setCodeExpired(true)
      } else {
        setFormError(profileErrorMessage(error))
      }
    }
  }

  const pending = status === 'pending' || status === 'success'
  return (
    <div className="container container--narrow page auth-page">
      <h1 className="page-title">Регистрация</h1>
      <p className="page-subtitle">Расскажите немного о себе — это займёт минуту</p>
      {verified === undefined ? null : !verified ? (
        <div className="auth-page__notice">
          <p>Сначала подтвердите номер телефона: пришлём код в SMS, затем заполните анкету.</p>
          <Button onClick={askPhone}>Подтвердить номер</Button>
        </div>
      ) : codeExpired ? (
        <div className="auth-page__notice" role="alert">
          <p>Время на регистрацию истекло. Войдите по номеру телефона ещё раз.</p>
          <Button onClick={() => void openLogin()}>Войти</Button>
        </div>
      ) : (
        <form
          className="auth-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={pending || undefined}
        >
          {phone && (
            <p className="auth-form__phone">
              Номер: <span>{formatPhone(phone)}</span>
            </p>
          )}
          <ProfileFields values={values} errors={errors} onChange={setValues} disabled={pending} />
          <ConsentSwitches values={consents} onChange={setConsents} disabled={pending} />
          <Checkbox
            name="agreement"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            error={errors.agreement}
            disabled={pending}
            label={
              <>
                Я принимаю{' '}
                <a href={`${config.mainSiteUrl}/agreement`} target="_blank" rel="noreferrer">
                  пользовательское соглашение
                </a>
              </>
            }
          />
          {formError && (
            <p className="auth-form__error" role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" size="lg" fullWidth loading={pending}>
            Зарегистрироваться
          </Button>
        </form>
      )}
    </div>
  )
}

/**
 * Incomplete profile (route `profile-incomplete`): the shopper completes the missing fields; only
 * the changed ones are sent, the server re-checks completeness and updates its cookie, and a complete
 * profile says «Профиль заполнен» and goes back to where the login began, or to the home page (rule 4
 * keeps an incomplete one here).
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { mutate, unstable_serialize } from 'swr'
import { AppError } from '#shared/api/errors.ts'
import { AUTH_MESSAGES, profileErrorMessage } from '#shared/auth/error-flags.ts'
import {
  formValuesOf,
  profileChanges,
  validateProfileForm,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '#shared/auth/profile-form.ts'
import type { RequestStatus } from '#shared/auth/request-status.ts'
import { profileQuery, saveProfile } from '#shared/queries/profile.ts'
import { useApp } from '#client/context/app-context.tsx'
import { readBrowserCookie } from '#client/context/session.ts'
import { COOKIE } from '#shared/cookies.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useQuery } from '#client/data/use-query.ts'
import { takeLoginOrigin } from '#client/features/auth/login-origin.ts'
import { ProfileFields } from '#client/features/auth/profile-fields.tsx'
import type { incompleteProfilePage } from '#shared/routes/site.ts'
import type { ViewProps } from '../registry.ts'

/** Incomplete profile (route profile-incomplete). */
export function Page({ queries }: ViewProps<'profile-incomplete', typeof incompleteProfilePage>) {
  const { api, refreshSession } = useApp()
  const toast = useToast()
  const [, setLocation] = useLocation()
  const { data: profile, isLoading } = useQuery(queries.profile)
  const [values, setValues] = useState<ProfileFormValues>(() =>
    formValuesOf(profile ?? { firstName: null, birthDate: null, email: null }),
  )
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [status, setStatus] = useState<RequestStatus>('initial')
  const [formError, setFormError] = useState<string | undefined>(undefined)

  // A profile that arrives after the first render (client navigation) prefills the form once.
  useEffect(() => {
    if (profile && status === 'initial') setValues(formValuesOf(profile))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateProfileForm(values)
    setErrors(found)
    setFormError(undefined)
    if (Object.keys(found).length > 0) return
    const base = profile ?? { firstName: null, birthDate: null, email: null }
    const patch = profileChanges(base, values)
    setStatus('pending')
    try {
      if (Object.keys(patch).length > 0) {
        const saved = await saveProfile(api, patch)
        await mutate(unstable_serialize(profileQuery().key), saved, { revalidate: false })
      }
      void refreshSession()
      // The server re-checked completeness with the change and updated the cookie.
      if (readBrowserCookie(COOKIE.incompleteProfile) === '1') {
        setStatus('error')
        setFormError('Заполните обязательные поля профиля')
        return
      }
      setStatus('success')
      toast.show({ theme: 'success', type: 'profile-completed', title: 'Профиль заполнен' })
      // Back to where the login began (the home page when that is unknown).
      setLocation(takeLoginOrigin(), { replace: true })
    } catch (error) {
      setStatus('error')
      if (error instanceof AppError && error.gatewayCode === 'emailForbiddenToUse')
        setErrors({ email: AUTH_MESSAGES.personalEmail })
      else setFormError(profileErrorMessage(error))
    }
  }

  const pending = status === 'pending' || status === 'success'
  return (
    <div className="container container--narrow page auth-page">
      <h1 className="page-title">Заполните профиль</h1>
      <p className="page-subtitle">Чтобы продолжить покупки, укажите недостающие данные</p>
      {isLoading && !profile ? (
        <Skeleton height={180} />
      ) : (
        <form
          className="auth-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={pending || undefined}
        >
          <ProfileFields values={values} errors={errors} onChange={setValues} disabled={pending} />
          {formError && (
            <p className="auth-form__error" role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" size="lg" fullWidth loading={pending}>
            Сохранить
          </Button>
        </form>
      )}
    </div>
  )
}

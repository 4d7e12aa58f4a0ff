/**
 * The login dialog of spec section 4: the phone step (masked +7 number, captcha where required),
 * then the code step (5 digits, paste and SMS autofill, submitted on the 5th digit, resend
 * countdown). A registered phone is signed in; a new one goes to registration. Closing resets.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { OTP_CODE_LENGTH } from '#shared/constants.ts'
import { MAIN_SITE_PAGES } from '#shared/main-site-pages.ts'
import { OTP_MASK } from '#shared/masks.ts'
import { AUTH_MESSAGES } from '#shared/auth/error-flags.ts'
import { codeDigits, isCodeComplete, resendSecondsLeft, type LastOtpAttempt } from '#shared/auth/login-machine.ts'
import { formatPhone, formatPhoneInput } from '#shared/auth/phone.ts'
import { href } from '#shared/routing/href.ts'
import { useApp, useConfig } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { Captcha, captchaRequired } from './captcha.tsx'
import { readLastAttempt, rememberRegistrationPhone } from './last-attempt.ts'
import { rememberLoginOrigin } from './login-origin.ts'
import { useLoginFlow, type LoginFlow } from './use-login-flow.ts'

export interface LoginDialogProps {
  /** Why the login was asked for (shown under the title), e.g. a guarded page. */
  reason?: string | undefined
  /** Called once: true when the shopper signed in, false when the dialog was closed or registration follows. */
  onDone: (signedIn: boolean) => void
}

/** The login dialog (mounted only while open, so every opening starts at the phone step). */
export function LoginDialog({ reason, onDone }: LoginDialogProps) {
  const { refreshSession } = useApp()
  const { track } = useAnalytics()
  const toast = useToast()
  const [, setLocation] = useLocation()
  const flow = useLoginFlow((outcome) => {
    if (outcome.kind === 'register') {
      rememberRegistrationPhone(outcome.phone)
      onDone(false)
      setLocation(href('registration'))
      return
    }
    void refreshSession()
    if (outcome.profileFailed)
      toast.show({ theme: 'error', title: 'Что-то пошло не так', description: 'Не удалось загрузить профиль' })
    onDone(true)
    if (outcome.session.incompleteProfile) setLocation(href('profile-incomplete'))
  })

  useEffect(() => {
    track('security_login_view')
    rememberLoginOrigin()
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const { state } = flow
  return (
    <Dialog
      open
      onClose={() => onDone(false)}
      title="Вход"
      description={state.step === 'code' ? undefined : (reason ?? 'Войдите или зарегистрируйтесь по номеру телефона')}
      size="sm"
      className="login"
    >
      {state.step === 'code' ? <CodeStep flow={flow} attempt={state.attempt} /> : <PhoneStep flow={flow} />}
    </Dialog>
  )
}

/** Longest phone text accepted from a paste or autofill before formatting (`+7 (916) 123 - 45 - 67`, spaces and all). */
const PHONE_PASTE_LENGTH = 32

/** The phone step. */
function PhoneStep({ flow }: { flow: LoginFlow }) {
  const config = useConfig()
  // The number of a code still valid stays in the field: after «Изменить номер» for correction, and
  // on reopening, where «Получить код» goes straight back to that code without sending another.
  const [phone, setPhone] = useState(() => {
    const last = readLastAttempt()
    return last && last.expiresAt > Date.now() ? formatPhone(last.phone) : ''
  })
  const [captchaToken, setCaptchaToken] = useState('')
  const needsCaptcha = captchaRequired(config)
  const mainSite = config.mainSiteUrl.replace(/\/+$/, '')
  const { state } = flow
  const pending = state.step === 'phone' && state.status === 'pending'
  // The number last sent: a refusal with a countdown is about it (or its address), so the button waits
  // out the countdown for that number. Another number, or a newly solved captcha, may go at once.
  const [sentPhone, setSentPhone] = useState('')
  const retryAt = state.step === 'phone' ? state.error?.retryAt : undefined
  const [waitedOut, setWaitedOut] = useState<number | undefined>(undefined)
  useEffect(() => {
    if (retryAt === undefined) return
    const timer = setTimeout(() => setWaitedOut(retryAt), Math.max(0, retryAt - Date.now()))
    return () => clearTimeout(timer)
  }, [retryAt])
  const waiting =
    retryAt !== undefined && waitedOut !== retryAt && phone === sentPhone && !(needsCaptcha && captchaToken)
  const error = state.step === 'phone' && state.error?.target === 'phone-submit' ? state.error.message : undefined
  const [captchaReset, setCaptchaReset] = useState(0)
  // A captcha token works once: after a failed code request (a CaptchaError among them) the widget
  // is shown again unticked, and the button waits for a new check.
  const failedRequest =
    state.step === 'phone' && state.status === 'error' && state.error?.message !== AUTH_MESSAGES.invalidPhone
      ? state
      : undefined
  useEffect(() => {
    if (failedRequest && needsCaptcha) setCaptchaReset((n) => n + 1)
  }, [failedRequest, needsCaptcha])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (waiting) return
    setSentPhone(phone)
    flow.submitPhone(phone, needsCaptcha ? captchaToken : undefined)
  }
  return (
    <form className="login__form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Номер телефона"
        type="tel"
        name="phone"
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        format={formatPhoneInput}
        inputMode="tel"
        maxLength={PHONE_PASTE_LENGTH}
        value={phone}
        onValueChange={(masked) => setPhone(masked)}
        error={error}
        hint="Пришлём SMS с кодом подтверждения"
        disabled={pending}
      />
      {state.step === 'phone' && state.error?.retryAt !== undefined && <RetryCountdown until={state.error.retryAt} />}
      {needsCaptcha && config.yandexCaptcha && (
        <Captcha
          siteKey={config.yandexCaptcha}
          scriptUrl={config.captchaScriptUrl}
          onToken={setCaptchaToken}
          resetKey={captchaReset || undefined}
        />
      )}
      <Button type="submit" fullWidth size="lg" loading={pending} disabled={(needsCaptcha && !captchaToken) || waiting}>
        Получить код
      </Button>
      <p className="login__consent">
        Нажимая «Получить код», вы соглашаетесь с{' '}
        <a href={mainSite + MAIN_SITE_PAGES.agreement} target="_blank" rel="noopener">
          условиями пользовательского соглашения
        </a>{' '}
        и{' '}
        <a href={mainSite + MAIN_SITE_PAGES.privacy} target="_blank" rel="noopener">
          обработкой персональных данных
        </a>
      </p>
    </form>
  )
}

/** The code step. */
function CodeStep({ flow, attempt }: { flow: LoginFlow; attempt: LastOtpAttempt }) {
  const config = useConfig()
  const [code, setCode] = useState('')
  const [now, setNow] = useState<number | undefined>(undefined)
  const [captchaToken, setCaptchaToken] = useState('')
  const inputId = `login-code-${useId()}`
  const focusInput = useCallback(() => document.getElementById(inputId)?.focus(), [inputId])
  const { state } = flow
  const pending = state.step === 'code' && state.status === 'pending'
  const error = state.step === 'code' && state.error ? state.error.message : undefined
  const needsCaptcha = captchaRequired(config)

  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [attempt.attemptId])

  // Each new code attempt focuses the field (inputId, and so focusInput, never change).
  useEffect(() => {
    focusInput()
  }, [attempt.attemptId, focusInput])

  // After a wrong code the field is emptied for the next try.
  useEffect(() => {
    if (state.step === 'code' && state.status === 'error') {
      setCode('')
      focusInput()
    }
  }, [state, focusInput])

  const onValue = (value: string) => {
    const digits = codeDigits(value)
    setCode(digits)
    // Spec section 4: the 5th digit submits the code (typed, pasted or filled in from the SMS).
    if (isCodeComplete(digits)) flow.submitCode(digits)
  }
  const secondsLeft = now === undefined ? undefined : resendSecondsLeft(attempt, now)

  return (
    <form
      className="login__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (isCodeComplete(code)) flow.submitCode(code)
      }}
    >
      <p className="login__sent">
        Код отправлен на номер <span className="login__phone">{formatPhone(attempt.phone)}</span>
      </p>
      <TextField
        id={inputId}
        label="Код из SMS"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        mask={OTP_MASK}
        maxLength={OTP_CODE_LENGTH}
        value={code}
        onValueChange={onValue}
        error={error}
        disabled={pending}
        className="login__code"
        end={pending ? <Spinner size="sm" label="Проверяем код" /> : undefined}
      />
      <div className="login__resend" aria-live="polite">
        {secondsLeft === undefined ? null : secondsLeft > 0 ? (
          <p className="login__countdown">Новый код можно получить через {formatCountdown(secondsLeft)}</p>
        ) : (
          <>
            {needsCaptcha && config.yandexCaptcha && (
              <Captcha siteKey={config.yandexCaptcha} scriptUrl={config.captchaScriptUrl} onToken={setCaptchaToken} />
            )}
            <Button
              variant="secondary"
              fullWidth
              onClick={() => flow.resend(captchaToken || undefined)}
              disabled={pending || (needsCaptcha && !captchaToken)}
            >
              Получить новый код
            </Button>
          </>
        )}
      </div>
      <Button variant="ghost" fullWidth onClick={flow.changePhone} disabled={pending}>
        Изменить номер
      </Button>
    </form>
  )
}

/** «Новый код через 0:42» until a refused code request may be sent again (decision 026, UX4-01). */
function RetryCountdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  const left = resendSecondsLeft({ attemptId: '', phone: '', expiresAt: until }, now)
  return (
    <p className="login__countdown" aria-live="polite">
      {left > 0 ? `Новый код через ${formatCountdown(left)}` : 'Можно запросить новый код'}
    </p>
  )
}

/** `m:ss` of a countdown. */
const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * The registration and profile forms as pure functions: the masked birth date (`ДД.ММ.ГГГГ`) to the
 * gateway's year-month-day, empty optional fields left out (spec section 5), and a PATCH of only the
 * fields that changed.
 */
import type { Profile, ProfilePatch } from '../models/profile.ts'

/** What the shopper typed into a profile form. */
export interface ProfileFormValues {
  firstName: string
  /** `ДД.ММ.ГГГГ` as typed (masked), or empty. */
  birthDate: string
  email: string
}

/** Field errors of a profile form. */
export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>

/** Texts of the profile form. */
export const PROFILE_FORM_MESSAGES = {
  firstNameRequired: 'Укажите имя',
  birthDateInvalid: 'Укажите дату в формате ДД.ММ.ГГГГ',
  birthDateNoSuchDay: 'Такой даты нет: проверьте день и месяц',
  birthDateFuture: 'Дата рождения не может быть в будущем',
  birthDateTooEarly: 'Проверьте год рождения: не раньше 1900',
  emailInvalid: 'Проверьте адрес почты',
  agreementRequired: 'Примите пользовательское соглашение',
} as const

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What is wrong with a typed birth date, as the key of its message; undefined when it is a valid date. */
function birthDateProblem(masked: string, now: Date = new Date()): keyof typeof PROFILE_FORM_MESSAGES | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(masked.trim())
  if (!match) return 'birthDateInvalid'
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string]
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)))
  if (
    date.getUTCFullYear() !== Number(yyyy) ||
    date.getUTCMonth() !== Number(mm) - 1 ||
    date.getUTCDate() !== Number(dd)
  )
    return 'birthDateNoSuchDay'
  if (date.getTime() > now.getTime()) return 'birthDateFuture'
  if (Number(yyyy) < 1900) return 'birthDateTooEarly'
  return undefined
}

/** `14.05.1990` → `1990-05-14`; undefined for an incomplete or impossible date, or a date in the future. */
export function toIsoDate(masked: string, now: Date = new Date()): string | undefined {
  if (birthDateProblem(masked, now)) return undefined
  const [dd, mm, yyyy] = masked.trim().split('.')
  return `${yyyy}-${mm}-${dd}`
}

/** `1990-05-14` → `14.05.1990`; empty for null. */
export function fromIsoDate(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null
  return match ? `${match[3]}.${match[2]}.${match[1]}` : ''
}

/** Validates a profile form; `requireName` for registration and completion. */
export function validateProfileForm(values: ProfileFormValues, now: Date = new Date()): ProfileFormErrors {
  const errors: ProfileFormErrors = {}
  if (!values.firstName.trim()) errors.firstName = PROFILE_FORM_MESSAGES.firstNameRequired
  // Say what is wrong: a well-formed date in 2099 is not a format error.
  const birthDate = values.birthDate.trim() ? birthDateProblem(values.birthDate, now) : undefined
  if (birthDate) errors.birthDate = PROFILE_FORM_MESSAGES[birthDate]
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = PROFILE_FORM_MESSAGES.emailInvalid
  return errors
}

/** The registration fields of a valid form: birthDate and email left out when empty (spec section 5). */
export function registrationFields(values: ProfileFormValues): {
  firstName: string
  birthDate?: string
  email?: string
} {
  const fields: { firstName: string; birthDate?: string; email?: string } = { firstName: values.firstName.trim() }
  const birthDate = toIsoDate(values.birthDate)
  if (birthDate) fields.birthDate = birthDate
  if (values.email.trim()) fields.email = values.email.trim()
  return fields
}

/** The form values of a loaded profile. */
export const formValuesOf = (profile: Pick<Profile, 'firstName' | 'birthDate' | 'email'>): ProfileFormValues => ({
  firstName: profile.firstName ?? '',
  birthDate: fromIsoDate(profile.birthDate),
  email: profile.email ?? '',
})

/** Only the changed fields of a valid form; a cleared birth date or e-mail becomes null. */
export function profileChanges(
  profile: Pick<Profile, 'firstName' | 'birthDate' | 'email'>,
  values: ProfileFormValues,
): ProfilePatch {
  const patch: ProfilePatch = {}
  const firstName = values.firstName.trim()
  if (firstName && firstName !== (profile.firstName ?? '')) patch.firstName = firstName
  const birthDate = values.birthDate.trim() ? (toIsoDate(values.birthDate) ?? null) : null
  if (birthDate !== (profile.birthDate ?? null)) patch.birthDate = birthDate
  const email = values.email.trim() || null
  if (email !== (profile.email ?? null)) patch.email = email
  return patch
}

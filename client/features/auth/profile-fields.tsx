/** The profile fields shared by registration, the incomplete-profile page and the profile dialog. */
import { DATE_MASK } from '#shared/masks.ts'
import type { ProfileFormErrors, ProfileFormValues } from '#shared/auth/profile-form.ts'
import { TextField } from '#client/components/ui/text-field.tsx'

export interface ProfileFieldsProps {
  values: ProfileFormValues
  errors: ProfileFormErrors
  onChange: (values: ProfileFormValues) => void
  disabled?: boolean
  /** Which fields to show (all by default). */
  fields?: ReadonlyArray<keyof ProfileFormValues>
}

/** First name (required), birth date and e-mail (optional). */
export function ProfileFields({
  values,
  errors,
  onChange,
  disabled,
  fields = ['firstName', 'birthDate', 'email'],
}: ProfileFieldsProps) {
  const set = (key: keyof ProfileFormValues) => (value: string) => onChange({ ...values, [key]: value })
  return (
    <div className="profile-fields">
      {fields.includes('firstName') && (
        <TextField
          label="Имя"
          name="firstName"
          autoComplete="given-name"
          required
          aria-required="true"
          maxLength={60}
          value={values.firstName}
          onValueChange={set('firstName')}
          error={errors.firstName}
          disabled={disabled}
        />
      )}
      {fields.includes('birthDate') && (
        <TextField
          label="Дата рождения"
          name="birthDate"
          autoComplete="bday"
          placeholder="ДД.ММ.ГГГГ"
          mask={DATE_MASK}
          value={values.birthDate}
          onValueChange={set('birthDate')}
          error={errors.birthDate}
          hint="Необязательно. Пришлём подарок ко дню рождения"
          disabled={disabled}
        />
      )}
      {fields.includes('email') && (
        <TextField
          label="Электронная почта"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onValueChange={set('email')}
          error={errors.email}
          hint="Необязательно"
          disabled={disabled}
        />
      )}
    </div>
  )
}

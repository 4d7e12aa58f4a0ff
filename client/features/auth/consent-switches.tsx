/** The marketing consents of spec section 3 as switches, one per channel key. */
import type { ConsentChannel } from '#shared/models/consents.ts'
import { CONSENT_CHANNEL_KEYS, CONSENT_LABELS } from '#shared/auth/consents.ts'
import { Switch } from '#client/components/ui/checkbox.tsx'

export interface ConsentSwitchesProps {
  values: Record<ConsentChannel, boolean>
  onChange: (values: Record<ConsentChannel, boolean>) => void
  disabled?: boolean
  legend?: string
}

/** A fieldset of consent switches. */
export function ConsentSwitches({
  values,
  onChange,
  disabled,
  legend = 'Получать предложения и новости',
}: ConsentSwitchesProps) {
  return (
    <fieldset className="consents" disabled={disabled}>
      <legend className="consents__legend">{legend}</legend>
      {CONSENT_CHANNEL_KEYS.map((channel) => (
        <Switch
          key={channel}
          name={`consent-${channel}`}
          label={CONSENT_LABELS[channel]}
          checked={values[channel]}
          onChange={(event) => onChange({ ...values, [channel]: event.target.checked })}
        />
      ))}
    </fieldset>
  )
}

/** `<QuantityStepper>`: − value + with limits (1..max); the value is announced, the buttons are named. */
import { IconButton } from '#client/components/ui/button.tsx'

export interface QuantityStepperProps {
  value: number
  /** The most allowed (stock, per-order limit). */
  max: number
  /** The least allowed. Default 1. */
  min?: number
  /** What the value counts, for the accessible names (`Крем для рук`). */
  itemName: string
  /** A change is being saved: both buttons wait. */
  pending?: boolean
  onChange: (value: number) => void
}

/** Quantity control of a cart line. */
export function QuantityStepper({ value, max, min = 1, itemName, pending, onChange }: QuantityStepperProps) {
  return (
    <div className="stepper" role="group" aria-label={`Количество: ${itemName}`} aria-busy={pending || undefined}>
      <IconButton
        icon="minus"
        size="sm"
        variant="secondary"
        label="Уменьшить количество"
        disabled={pending || value <= min}
        onClick={() => onChange(value - 1)}
      />
      <output className="stepper__value" aria-live="polite" aria-label={`${value} шт.`}>
        {value}
      </output>
      <IconButton
        icon="plus"
        size="sm"
        variant="secondary"
        label="Увеличить количество"
        disabled={pending || value >= max}
        onClick={() => onChange(value + 1)}
      />
    </div>
  )
}

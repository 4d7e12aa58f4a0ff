/**
 * Hands what a shopper did before hydration to React (early-input.ts, decision 018): each field
 * changed as one change that React sees, then the last click on a `type="button"` button. Loaded
 * only when a field changed or such a button was clicked that early.
 *
 * React calls `onChange` only when a field's value differs from the one it last knew (its value
 * tracker, which hydration sets from the DOM). So a text field first goes back to the server's value
 * while an event hydrates it, and then takes the shopper's value through the element's own setter,
 * which React does not watch; a checkbox or radio is set to the other state through React's setter and
 * then clicked, as the shopper did.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const isField = (target: EventTarget): target is Field =>
  (target instanceof HTMLInputElement && target.type !== 'file') ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/**
 * Replays the changed fields, in the order they were first changed, then the last click if it was on
 * a `type="button"` button. Call right after `hydrateRoot`, before React has rendered: the DOM then
 * still holds exactly what the shopper left.
 */
export function replayEarlyInput(fields: Iterable<EventTarget>, clicked: EventTarget | null): void {
  const button = (clicked as Element | null)?.closest<HTMLElement>('button[type=button]')
  replayFields(fields)
  // A discrete event: React hydrates the button's part at once and runs its handler.
  button?.click()
}

/** Replays the changed fields, each as one change React sees (see the module comment). */
function replayFields(targets: Iterable<EventTarget>): void {
  // What the shopper left, read before the first replayed event hydrates the page (and renders).
  const changed = [...targets].filter(isField).map((field) => ({
    field,
    value: isCheckable(field) ? field.checked : field.value,
  }))
  for (const { field, value } of changed) {
    if (!field.isConnected) continue
    if (isCheckable(field)) {
      // A radio is ticked by a click, never unticked: the group's ticked one stands for the others.
      if (value === field.defaultChecked || (field.type === 'radio' && !value)) continue
      // Hydrates the field without ticking it (React takes a tick from the click event only)...
      field.dispatchEvent(new Event('change', { bubbles: true }))
      // ...tells React's setter the other state, and clicks as the shopper did.
      field.checked = !value
      field.click()
    } else if (field instanceof HTMLSelectElement) {
      // A select's change reaches `onChange` without a comparison.
      field.value = value as string
      field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (value !== field.defaultValue) {
      const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set
      setValue?.call(field, field.defaultValue)
      field.dispatchEvent(new Event('input', { bubbles: true }))
      setValue?.call(field, value)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }
}

/** City and store picker (interim module; the storefront work replaces it with the list and map). */
export interface StorePickerProps {
  onDone: (chosen: boolean) => void
}

/** City and store picker. */
export function StorePicker({ onDone }: StorePickerProps) {
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="store-title" className="dialog">
      <h2 id="store-title">Выберите магазин</h2>
      <button type="button" onClick={() => onDone(false)}>Закрыть</button>
    </div>
  )
}

/**
 * `<ActionsMenu label items>`: a «⋯» button that opens a short menu of actions (WAI-ARIA menu button):
 * arrow keys, Home and End move between the items, Escape closes and gives focus back to the button,
 * a click outside or Tab closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

/** One action of the menu. */
export interface MenuAction {
  label: string
  /** Shown in red: a destructive action. */
  danger?: boolean
  onSelect: () => void
}

export interface ActionsMenuProps {
  /** The button's accessible name (`Действия: Мир •• 0004, до 08/28`). */
  label: string
  items: readonly MenuAction[]
}

/** A menu button with its actions. */
export function ActionsMenu({ label, items }: ActionsMenuProps) {
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const entries = useRef<(HTMLButtonElement | null)[]>([])

  useEffect(() => {
    if (!open) return
    entries.current[0]?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = (focusButton: boolean) => {
    setOpen(false)
    if (focusButton) button.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = entries.current.findIndex((entry) => entry === document.activeElement)
    const last = items.length - 1
    const target =
      event.key === 'ArrowDown'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    } else if (event.key === 'Tab') {
      close(false)
    } else if (target !== undefined) {
      event.preventDefault()
      entries.current[target]?.focus()
    }
  }

  return (
    <div className="actions-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn icon-btn--ghost icon-btn--md actions-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={label} className="actions-menu__list" onKeyDown={onKeyDown}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <button
                ref={(element) => {
                  entries.current[index] = element
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? 'actions-menu__item actions-menu__item--danger' : 'actions-menu__item'}
                onClick={() => {
                  close(true)
                  item.onSelect()
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

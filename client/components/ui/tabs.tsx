/**
 * `<Tabs items label>`: WAI-ARIA tabs (tablist/tab/tabpanel) with arrow keys, Home and End and
 * automatic activation. Every panel is rendered (hidden ones with `hidden`), so their text is in
 * the server HTML; without JavaScript no-script.css shows them all, each under its tab's name
 * (`data-label`).
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './class-names.ts'

/** One tab and its panel. */
export interface TabItem {
  id: string
  label: ReactNode
  content: ReactNode
}

export interface TabsProps {
  items: readonly TabItem[]
  /** Accessible name of the tab list. */
  label: string
  /** Controlled selection. */
  selectedId?: string
  /** Initial selection when uncontrolled. Default: the first tab. */
  defaultSelectedId?: string
  onSelect?: (id: string) => void
  className?: string
}

/** Accessible tabs. */
export function Tabs({ items, label, selectedId, defaultSelectedId, onSelect, className }: TabsProps) {
  const baseId = useId()
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId ?? items[0]?.id)
  const current = selectedId ?? ownSelected
  const tabRefs = useRef(new Map<string, HTMLButtonElement>())

  const select = (id: string, focus = false) => {
    if (selectedId === undefined) setOwnSelected(id)
    onSelect?.(id)
    if (focus) tabRefs.current.get(id)?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === current)
    const last = items.length - 1
    const target =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (target === undefined) return
    event.preventDefault()
    const item = items[target]
    if (item) select(item.id, true)
  }

  const tabId = (id: string) => `${baseId}-tab-${id}`
  const panelId = (id: string) => `${baseId}-panel-${id}`

  return (
    <div className={cx('tabs', className)}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === current
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) tabRefs.current.set(item.id, el)
                else tabRefs.current.delete(item.id)
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              className={cx('tabs__tab', selected && 'tabs__tab--selected')}
              aria-selected={selected}
              aria-controls={panelId(item.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          className="tabs__panel"
          aria-labelledby={tabId(item.id)}
          data-label={typeof item.label === 'string' ? item.label : undefined}
          hidden={item.id !== current}
          tabIndex={0}
        >
          {item.content}
        </div>
      ))}
    </div>
  )
}

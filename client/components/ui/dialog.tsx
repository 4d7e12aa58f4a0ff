/**
 * `<Dialog open onClose title>`: an accessible modal (`role="dialog"`, `aria-modal`, labelled by
 * its title): focus moves in and is trapped, Escape and the close button call `onClose`, focus
 * returns to the opener, the page behind does not scroll. Rendered with a portal, only in the
 * browser after hydration, so the server markup never differs.
 */
import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { cx } from './class-names.ts'
import { IconButton } from './button.tsx'
import { focusableIn, lockScroll, pushModal } from './focus.ts'
import { useHydrated } from './use-hydrated.ts'

export interface DialogProps {
  open: boolean
  /** Called on Escape, the close button and (unless turned off) a click on the backdrop. */
  onClose: () => void
  /** The dialog's heading and accessible name. */
  title: ReactNode
  /** Short text under the title, used as the accessible description. */
  description?: ReactNode
  children?: ReactNode
  /** Actions at the bottom (buttons). */
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'full'
  /** Element focused on open; default: the first focusable element after the close button, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>
  /** Backdrop click closes. Default true. */
  closeOnBackdrop?: boolean
  /** Hide the close button (a confirmation that must be answered). */
  hideClose?: boolean
  closeLabel?: string
  className?: string
}

/** Modal dialog. */
export function Dialog(props: DialogProps) {
  const hydrated = useHydrated()
  if (!hydrated || !props.open) return null
  return createPortal(<DialogPanel {...props} />, document.body)
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  hideClose,
  closeLabel = 'Закрыть',
  className,
}: DialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  useLayoutEffect(() => {
    onCloseRef.current = onClose
  })
  const pressStartedOnBackdrop = useRef(false)

  useEffect(() => {
    const panel = panelRef.current
    if (!panel) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const modal = pushModal()
    const unlock = lockScroll()

    // The panel is on screen: focusing its first control scrolls nothing, and asking the browser to
    // check would lay the page out in this task again (decision 032). A chosen field may sit lower.
    const chosen = initialFocusRef?.current
    const first = chosen ?? focusableIn(panel).find((el) => !el.classList.contains('dialog__close')) ?? panel
    first.focus({ preventScroll: !chosen })

    const onKeyDown = (event: KeyboardEvent) => {
      if (!modal.isTop()) return
      if (event.key === 'Escape') {
        event.preventDefault()
        onCloseRef.current()
      } else if (event.key === 'Tab') {
        const items = focusableIn(panel)
        if (items.length === 0) {
          event.preventDefault()
          panel.focus()
          return
        }
        const active = document.activeElement
        const firstItem = items[0]!
        const lastItem = items[items.length - 1]!
        if (event.shiftKey && (active === firstItem || active === panel || !panel.contains(active))) {
          event.preventDefault()
          lastItem.focus()
        } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
          event.preventDefault()
          firstItem.focus()
        }
      }
    }
    // Focus that escapes (a click on the page behind, a screen reader jump) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (modal.isTop() && event.target instanceof Node && !panel.contains(event.target)) panel.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      modal.pop()
      unlock()
      if (opener?.isConnected) opener.focus()
    }
    // Runs once per opening: focus, trap and scroll lock live exactly as long as the open dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onBackdropDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget
  }
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (closeOnBackdrop && pressStartedOnBackdrop.current && event.target === event.currentTarget) onCloseRef.current()
    pressStartedOnBackdrop.current = false
  }

  return (
    <div className="dialog-backdrop" onMouseDown={onBackdropDown} onClick={onBackdropClick}>
      <div
        ref={panelRef}
        className={cx('dialog', `dialog--${size}`, className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {!hideClose && (
            <IconButton
              icon="close"
              label={closeLabel}
              className="dialog__close"
              onClick={() => onCloseRef.current()}
            />
          )}
        </div>
        {description && (
          <p className="dialog__description" id={descriptionId}>
            {description}
          </p>
        )}
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>
  )
}

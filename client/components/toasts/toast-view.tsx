/** One toast: theme icon, title, description, optional action button and a close button. */
import type { CSSProperties, PointerEvent } from 'react'
import { Icon, type IconName } from '../icon.tsx'
import type { ToastRecord, ToastStore, ToastTheme } from './toast-store.ts'

const THEME_ICONS: Record<ToastTheme, IconName> = {
  success: 'check',
  error: 'error',
  info: 'info',
  warning: 'warning',
  question: 'question',
  bright: 'star-filled',
}

export interface ToastViewProps {
  toast: ToastRecord
  store: Pick<ToastStore, 'dismiss' | 'pause' | 'resume'>
}

/**
 * Renders a toast; a mouse moved onto it or focus in it pauses the auto-dismiss clock. A toast that
 * appears under a pointer standing still (the finger or click that accepted the cookie banner)
 * or is touched does not pause: no leave would ever come to resume it.
 */
export function ToastView({ toast, store }: ToastViewProps) {
  const pause = () => store.pause(toast.id)
  const resume = () => store.resume(toast.id)
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') (event.type === 'pointermove' ? pause : resume)()
  }
  const onAction = () => {
    toast.onButtonClick?.()
    store.dismiss(toast.id)
  }
  return (
    <div
      className={`toast toast--${toast.theme}${toast.phase === 'leaving' ? ' toast--leaving' : ''}`}
      data-toast-id={toast.id}
      data-toast-type={toast.type}
      data-toast-theme={toast.theme}
      style={{ '--toast-gap': `${toast.gap}px` } as CSSProperties}
      onPointerMove={onPointer}
      onPointerLeave={onPointer}
      onFocus={pause}
      onBlur={resume}
    >
      {!toast.hideIcon && (
        <span className="toast__icon">
          <Icon name={THEME_ICONS[toast.theme]} size={22} />
        </span>
      )}
      <div className="toast__content">
        {toast.title && <p className="toast__title">{toast.title}</p>}
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      {toast.buttonLabel && (
        <button type="button" className="toast__action" onClick={onAction}>
          {toast.buttonLabel}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="Закрыть уведомление"
        title="Закрыть"
        onClick={() => store.dismiss(toast.id)}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  )
}

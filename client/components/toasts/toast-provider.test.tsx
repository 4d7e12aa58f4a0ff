import { describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { showToast, ToastProvider, useToast } from './toast-provider.tsx'
import { ToastViewport } from './toast-viewport.tsx'
import { ToastStore } from './toast-store.ts'
import { ToastView } from './toast-view.tsx'

describe('toasts on the server', () => {
  it('renders only the two empty live regions, 20 px from the edges', () => {
    const store = new ToastStore()
    store.show({ title: 'Не для сервера' })
    const html = renderToString(
      <ToastProvider store={store}>
        <ToastViewport />
      </ToastProvider>,
    )
    expect(html).toContain(
      'class="toast-viewport toast-viewport--top" style="top:20px" role="status" aria-live="polite"',
    )
    expect(html).toContain(
      'class="toast-viewport toast-viewport--bottom" style="bottom:20px" role="status" aria-live="polite"',
    )
    expect(html).not.toContain('Не для сервера')
    store.destroy()
  })

  it('makes showToast and useToast no-ops without a window', () => {
    expect(showToast({ title: 'x' })).toBe('')
    let shown: string | undefined
    function Probe() {
      shown = useToast().show({ title: 'x' })
      return null
    }
    renderToString(<Probe />)
    expect(shown).toBe('')
  })
})

describe('ToastView', () => {
  it('shows the fields, an action button and a named close button', () => {
    const store = { dismiss: vi.fn(), pause: vi.fn(), resume: vi.fn() }
    const html = renderToString(
      <ToastView
        store={store}
        toast={{
          id: 't1',
          theme: 'success',
          type: 'link-copied',
          title: 'Ссылка скопирована',
          description: 'Можно отправить другу',
          buttonLabel: 'Отменить',
          onButtonClick: undefined,
          hideIcon: false,
          position: 'bottom',
          gap: 56,
          persistent: false,
          phase: 'visible',
        }}
      />,
    )
    expect(html).toContain(
      'class="toast toast--success" data-toast-id="t1" data-toast-type="link-copied" data-toast-theme="success" style="--toast-gap:56px"',
    )
    expect(html).toContain('<p class="toast__title">Ссылка скопирована</p>')
    expect(html).toContain('<p class="toast__description">Можно отправить другу</p>')
    expect(html).toContain('<button type="button" class="toast__action">Отменить</button>')
    expect(html).toContain('aria-label="Закрыть уведомление"')
    expect(html).toContain('all.svg#check"')
  })

  it('hides the icon when asked and marks a leaving toast', () => {
    const store = { dismiss: vi.fn(), pause: vi.fn(), resume: vi.fn() }
    const html = renderToString(
      <ToastView
        store={store}
        toast={{
          id: 't2',
          theme: 'bright',
          type: undefined,
          title: 'Акция',
          description: undefined,
          buttonLabel: undefined,
          onButtonClick: undefined,
          hideIcon: true,
          position: 'top',
          gap: 0,
          persistent: true,
          phase: 'leaving',
        }}
      />,
    )
    expect(html).toContain('toast toast--bright toast--leaving')
    expect(html).not.toContain('toast__icon')
  })
})

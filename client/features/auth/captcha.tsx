/**
 * The SmartCaptcha widget of the phone step: its script loads only when a site key is configured
 * (`yandexCaptcha`) and anti-fraud is on; the token it gives goes with the code request.
 */
import { useEffect, useRef } from 'react'
import type { PublicConfig } from '#shared/public-config.ts'

/** SmartCaptcha's script, when the config names none (the server always does). */
const DEFAULT_SCRIPT_URL = 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload'

interface SmartCaptchaApi {
  render(container: HTMLElement, options: { sitekey: string; hl?: string; callback?: (token: string) => void }): number
  reset(widgetId?: number): void
}

declare global {
  interface Window {
    smartCaptcha?: SmartCaptchaApi
  }
}

/** Whether the code request needs a captcha token (spec section 5). */
export const captchaRequired = (config: PublicConfig): boolean => config.antifraud && Boolean(config.yandexCaptcha)

let loading: Promise<SmartCaptchaApi> | undefined

function loadScript(url: string): Promise<SmartCaptchaApi> {
  loading ??= new Promise<SmartCaptchaApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.onload = () =>
      window.smartCaptcha ? resolve(window.smartCaptcha) : reject(new Error('smartCaptcha missing'))
    script.onerror = () => {
      loading = undefined
      reject(new Error('captcha script failed to load'))
    }
    document.head.append(script)
  })
  return loading
}

export interface CaptchaProps {
  siteKey: string
  /** The widget script (`captchaScriptUrl` of the public config: SmartCaptcha's or the mock's). */
  scriptUrl?: string | undefined
  /** Gets the token once the shopper passed the check ('' when it was reset). */
  onToken: (token: string) => void
  /** Changes when a used token must be replaced (after each code request). */
  resetKey?: number
}

/** The captcha widget; renders nothing on the server. */
export function Captcha({ siteKey, scriptUrl, onToken, resetKey }: CaptchaProps) {
  const container = useRef<HTMLDivElement>(null)
  const widget = useRef<{ api: SmartCaptchaApi; id: number } | undefined>(undefined)
  const onTokenRef = useRef(onToken)
  onTokenRef.current = onToken

  useEffect(() => {
    let alive = true
    loadScript(scriptUrl ?? DEFAULT_SCRIPT_URL).then(
      (api) => {
        if (!alive || !container.current) return
        widget.current = {
          api,
          id: api.render(container.current, {
            sitekey: siteKey,
            hl: 'ru',
            callback: (token) => onTokenRef.current(token),
          }),
        }
      },
      (error: Error) => console.warn('[auth] captcha unavailable', error.message),
    )
    return () => {
      alive = false
    }
  }, [siteKey, scriptUrl])

  useEffect(() => {
    if (resetKey === undefined || !widget.current) return
    widget.current.api.reset(widget.current.id)
    onTokenRef.current('')
  }, [resetKey])

  return <div ref={container} className="login__captcha" />
}

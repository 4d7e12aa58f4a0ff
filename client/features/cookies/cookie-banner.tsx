/**
 * `<CookieBanner/>`: a bar at the bottom of the screen until the shopper accepts
 * cookies. The server renders it for every visitor (the HTML never depends on the consent cookie, and
 * the banner paints with the first HTML instead of after hydration: it is often the LCP element);
 * the client's first render matches, then an effect removes it when `user_agreement` is present. Until
 * then the head script's mark hides it, so it never flashes. 'Принять' sets the
 * cookie client-side. Sends `cookies_view` when it stays shown and `cookies_accept_click` on accept
 * (spec section 7).
 */
import { useEffect, useId, useState } from 'react'
import { Link } from 'wouter'
import { href } from '#shared/routing/href.ts'
import { useConfig } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { afterFrame } from '#client/lib/after-frame.ts'
import { AGREED_MARK_ATTRIBUTE } from './agreed-mark.ts'
import { USER_AGREEMENT_EVENT, hasUserAgreement, userAgreementCookie } from '#client/lib/user-agreement.ts'

/** Cookie banner. */
export function CookieBanner() {
  const config = useConfig()
  const { track } = useAnalytics()
  const toast = useToast()
  const textId = useId()
  const [shown, setShown] = useState(true)

  useEffect(() => {
    if (hasUserAgreement(document.cookie)) {
      setShown(false)
      return
    }
    track('cookies_view')
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (!shown) return null

  const accept = () => {
    document.cookie = userAgreementCookie({ secure: location.protocol === 'https:', domain: config.cookieDomain })
    track('cookies_accept_click')
    setShown(false)
    // The consent mark's attribute: the page's styles for a shopper who agreed (no room kept for the banner).
    document.documentElement.setAttribute(AGREED_MARK_ATTRIBUTE, '')
    // What answers the agreement (the store prompt, the toast) comes after the frame that takes the
    // banner away, in a task of its own: in the tap's task it made that task the longest (decision 032).
    afterFrame(() => {
      dispatchEvent(new Event(USER_AGREEMENT_EVENT))
      toast.show({ theme: 'info', type: 'cookies-accepted', title: 'Спасибо! Настройки cookies сохранены' })
    })
  }

  return (
    <section className="cookie-banner" aria-label="Файлы cookie" aria-describedby={textId}>
      <div className="cookie-banner__inner">
        <p className="cookie-banner__text" id={textId}>
          Мы используем файлы cookie, чтобы запоминать данные для входа и ваши настройки. Подробнее — в{' '}
          <Link href={href('cookie-policy')} className="cookie-banner__link">
            политике cookies
          </Link>
          .
        </p>
        <Button className="cookie-banner__accept" onClick={accept}>
          Принять
        </Button>
      </div>
    </section>
  )
}

/**
 * The consent mark, the one classic script of `<head>`: a render-blocking file of our own origin (the
 * page keeps no inline executable script and the CSP stays `script-src 'self'`, DESIGN.md section 3)
 * that marks `<html>` before first paint when the `user_agreement` cookie is present, so
 * features-cookies.css hides the server-rendered cookie banner from a shopper who already agreed. The
 * page's bytes stay the same for every visitor (page cache, CDN); the file is tiny and cached immutably.
 */
import { COOKIE } from '#shared/cookies.ts'
import { AGREED_MARK_ATTRIBUTE } from './features/cookies/agreed-mark.ts'

if (new RegExp(`(?:^|;\\s*)${COOKIE.userAgreement}=1(?:;|$)`).test(document.cookie)) {
  document.documentElement.setAttribute(AGREED_MARK_ATTRIBUTE, '')
}

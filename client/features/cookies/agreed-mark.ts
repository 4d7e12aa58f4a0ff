/**
 * The mark the consent-mark script (`client/consent-mark.ts`, loaded in `<head>`) puts on `<html>` when
 * the `user_agreement` cookie is present: features-cookies.css hides the server-rendered banner under it
 * before first paint, so a shopper who already agreed never sees it flash before hydration.
 */
export const AGREED_MARK_ATTRIBUTE = 'data-agreed'

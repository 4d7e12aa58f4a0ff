/**
 * The site footer: 'Покупателям' (our routes), 'О компании' (the main site), social links and
 * copyright. Static markup: the server renders it and the browser keeps that HTML without this code
 * (footer-part.tsx). Each link names its `footerLinks_*` or `socials_*` event (`data-track`), our
 * routes are marked for client navigation (`data-route`), and main-site links carry their path
 * (`data-path`) so a config override of the main site's address still applies.
 */
import type { MouseEventHandler } from 'react'
import { MAIN_SITE_PAGES, SUPPORT_PHONE } from '#shared/main-site-pages.ts'
import { href } from '#shared/routing/href.ts'
import { useConfig } from '#client/context/app-context.tsx'
import type { AnalyticsEventName } from '#client/analytics/events.ts'
import { Icon, type IconName } from '#client/components/icon.tsx'
import { Logo } from '#client/components/layout/logo.tsx'
import { CachedChildren } from '#client/components/fragment-cache.tsx'

interface FooterLink {
  label: string
  /** A storefront path, or a main-site path when `external`. */
  path: string
  event: AnalyticsEventName
  external?: boolean
}

const BUYER_LINKS: readonly FooterLink[] = [
  { label: 'Акции', path: href('promo-catalog'), event: 'footerLinks_promo' },
  { label: 'Каталог', path: href('catalog'), event: 'footerLinks_catalog' },
  { label: 'Статьи', path: href('articles'), event: 'footerLinks_articles' },
  { label: 'Доставка и оплата', path: MAIN_SITE_PAGES.delivery, event: 'footerLinks_delivery', external: true },
  { label: 'Возврат', path: MAIN_SITE_PAGES.returns, event: 'footerLinks_returns', external: true },
  { label: 'Политика cookie', path: href('cookie-policy'), event: 'footerLinks_cookiePolicy' },
]

/** The documents a shop that takes orders and card payments must link (bottom row). */
const LEGAL_LINKS: readonly FooterLink[] = [
  {
    label: 'Политика обработки персональных данных',
    path: MAIN_SITE_PAGES.privacy,
    event: 'footerLinks_privacy',
    external: true,
  },
  {
    label: 'Пользовательское соглашение',
    path: MAIN_SITE_PAGES.agreement,
    event: 'footerLinks_agreement',
    external: true,
  },
]

const COMPANY_LINKS: readonly FooterLink[] = [
  { label: 'О компании', path: '/about', event: 'footerLinks_about', external: true },
  { label: 'Магазины', path: '/stores', event: 'footerLinks_stores', external: true },
  { label: 'Программа лояльности', path: '/loyalty', event: 'footerLinks_loyalty', external: true },
  { label: 'Вакансии', path: '/careers', event: 'footerLinks_careers', external: true },
  { label: 'Контакты', path: '/contacts', event: 'footerLinks_contacts', external: true },
]

/** Social networks of the chain (external). */
const SOCIAL_LINKS: ReadonlyArray<{ label: string; url: string; icon: IconName; event: AnalyticsEventName }> = [
  { label: 'ВКонтакте', url: 'https://vk.com/aurora_shop', icon: 'vk', event: 'socials_vk' },
  { label: 'Telegram', url: 'https://t.me/aurora_shop', icon: 'telegram', event: 'socials_telegram' },
  { label: 'Одноклассники', url: 'https://ok.ru/aurora_shop', icon: 'ok', event: 'socials_ok' },
]

export interface FooterProps {
  /** The footer's one click handler (events, client navigation): footer-part.tsx. */
  onClick?: MouseEventHandler<HTMLElement>
}

/** Site footer. */
export function Footer({ onClick }: FooterProps) {
  const config = useConfig()
  const mainSite = config.mainSiteUrl.replace(/\/+$/, '')
  const item = (link: FooterLink) => (
    <li key={link.path}>
      {link.external ? (
        <a href={mainSite + link.path} data-track={link.event} data-path={link.path}>
          {link.label}
        </a>
      ) : (
        <a href={link.path} data-track={link.event} data-route="">
          {link.label}
        </a>
      )}
    </li>
  )
  // Every page renders the same footer for a config: the server keeps its HTML.
  return (
    <CachedChildren as="footer" className="site-footer" onClick={onClick} owner={config} variant="footer">
      {() => (
        <>
          <div className="container site-footer__inner">
            <div className="site-footer__brand">
              <Logo />
              <p className="site-footer__tagline">Косметика, парфюмерия и товары для дома рядом с вами</p>
              <p className="site-footer__support">
                <a
                  className="site-footer__phone"
                  href={`tel:${SUPPORT_PHONE.tel}`}
                  data-track="footerLinks_supportPhone"
                >
                  {SUPPORT_PHONE.display}
                </a>
                <span>Служба поддержки, ежедневно с 8:00 до 22:00, звонок бесплатный</span>
              </p>
            </div>
            <nav className="site-footer__col" aria-labelledby="footer-buyers">
              <h2 className="site-footer__heading" id="footer-buyers">
                Покупателям
              </h2>
              <ul className="site-footer__list">{BUYER_LINKS.map(item)}</ul>
            </nav>
            <nav className="site-footer__col" aria-labelledby="footer-company">
              <h2 className="site-footer__heading" id="footer-company">
                О компании
              </h2>
              <ul className="site-footer__list">{COMPANY_LINKS.map(item)}</ul>
            </nav>
            <div className="site-footer__col">
              <h2 className="site-footer__heading" id="footer-socials">
                Мы в соцсетях
              </h2>
              <ul className="site-footer__socials" aria-labelledby="footer-socials">
                {SOCIAL_LINKS.map((social) => (
                  <li key={social.icon}>
                    <a
                      className="site-footer__social"
                      href={social.url}
                      rel="noopener noreferrer"
                      aria-label={social.label}
                      data-track={social.event}
                    >
                      <Icon name={social.icon} size={null} inLabelledControl />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="container site-footer__bottom">
            <p>© Сеть магазинов «Аврора». Все права защищены.</p>
            <ul className="site-footer__legal">{LEGAL_LINKS.map(item)}</ul>
            <p>Цены на сайте могут отличаться от цен в магазинах.</p>
          </div>
        </>
      )}
    </CachedChildren>
  )
}

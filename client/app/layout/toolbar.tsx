/**
 * The top toolbar of spec section 2: logo, city/store, catalogue and promotions, search, cart (when
 * e-commerce is on) and auth. One markup for every width; CSS lays it out in one row on desktop and
 * two compact rows on a phone (labels then become screen-reader text, names stay).
 */
import { useEffect, useState, type ComponentType } from 'react'
import { Link } from 'wouter'
import { PRELOAD_DELAY_MS } from '#shared/constants.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Icon } from '#client/components/icon.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { ToolbarLogo } from './toolbar-logo.tsx'
import { ToolbarSearch } from './toolbar-search.tsx'
import { useStoredPlace } from '#client/features/stores/stored-city.ts'
import { whenIdleAfter } from '#client/lib/when-idle.ts'
import { CartLinkPart } from '#client/features/ecom/cart-link-part.tsx'
import { loadUserMenu, UserMenuPart } from '#client/features/auth/lazy-user-menu.tsx'

/** Label of the store button before a city is chosen. */
const STORE_BUTTON_DEFAULT = 'Выберите магазин'

/** The main site's profile page (spec section 2: the profile lives on the main site). */
const profileUrl = (mainSiteUrl: string): string => `${mainSiteUrl.replace(/\/+$/, '')}/profile`

/** City/store button: opens the store picker. Shows the city and the chosen store's street. */
function StoreButton() {
  const { openStorePicker } = useApp()
  const [place, reread] = useStoredPlace()
  const onClick = async () => {
    if (await openStorePicker()) reread()
  }
  return (
    <button
      type="button"
      className={cx('toolbar__store', place?.street && 'toolbar__store--store')}
      onClick={() => void onClick()}
      aria-haspopup="dialog"
    >
      <Icon name="location" size={20} />
      <span className="toolbar__store-text">
        {place ? (
          <>
            <span className="toolbar__store-city">
              <span className="visually-hidden">{place.street ? 'Ваш магазин: ' : 'Ваш город: '}</span>
              {place.city}
            </span>
            {place.street && <span className="toolbar__store-street">{place.street}</span>}
          </>
        ) : (
          STORE_BUTTON_DEFAULT
        )}
      </span>
      <Icon name="chevron-down" size={16} className="toolbar__store-chevron" />
    </button>
  )
}

/**
 * The first-visit store prompt's part (store-prompt-part.tsx), which renders nothing on the server
 * and decides from local storage whether to ask: its code comes after the first load, in idle time
 * once the prefetch delay has passed, so no visitor's first load carries it.
 */
function DeferredStorePrompt() {
  const [Part, setPart] = useState<ComponentType>()
  useEffect(
    () =>
      whenIdleAfter(
        PRELOAD_DELAY_MS,
        () =>
          void import('#client/features/stores/store-prompt-part.tsx').then(
            (module) => setPart(() => module.StorePromptPart),
            () => undefined,
          ),
      ),
    [],
  )
  return Part ? <Part /> : null
}

/** 'Войти' for visitors (opens the login dialog); the user menu (profile, 'Мои данные', 'Выйти') for signed-in shoppers. */
function AuthButton() {
  const { session, config, openLogin } = useApp()
  const { track } = useAnalytics()
  if (session.authorized) return <UserMenuPart profileHref={profileUrl(config.mainSiteUrl)} />
  return (
    <button
      type="button"
      className="toolbar__action"
      aria-haspopup="dialog"
      onClick={() => {
        track('toolbar_login_click')
        // The menu that replaces this button after the sign-in loads meanwhile.
        void loadUserMenu().catch(() => undefined)
        void openLogin()
      }}
    >
      <Icon name="user" size={22} />
      <span className="toolbar__label">Войти</span>
    </button>
  )
}

export interface ToolbarProps {
  /** Route name of the page (marks the current section, prefills search on the search page). */
  routeName: string
}

/** Top toolbar. */
export function Toolbar({ routeName }: ToolbarProps) {
  const { track } = useAnalytics()
  const inCatalog = routeName === 'catalog' || routeName === 'catalog-category'
  const inPromo = routeName.startsWith('promo-')
  return (
    <header className="toolbar">
      <div className="container toolbar__inner">
        <Link href={href('main')} className="toolbar__logo" aria-label="Аврора — на главную">
          <ToolbarLogo />
        </Link>
        <div className="toolbar__store-area">
          <StoreButton />
          <DeferredStorePrompt />
        </div>
        <nav className="toolbar__nav" aria-label="Разделы">
          <Link
            href={href('catalog')}
            className={cx('toolbar__catalog', inCatalog && 'is-current')}
            aria-current={inCatalog ? 'page' : undefined}
            onClick={() => track('toolbar_catalog_click')}
          >
            <Icon name="catalog" size={20} />
            <span className="toolbar__label">Каталог</span>
          </Link>
          <Link
            href={href('promo-catalog')}
            className={cx('toolbar__promo', inPromo && 'is-current')}
            aria-current={inPromo ? 'page' : undefined}
            onClick={() => track('toolbar_promo_click')}
          >
            <Icon name="percent" size={20} />
            <span className="toolbar__label">Акции</span>
          </Link>
        </nav>
        <ToolbarSearch className="toolbar__search" prefill={routeName === 'search'} />
        <div className="toolbar__actions">
          <CartLinkPart />
          <AuthButton />
        </div>
      </div>
    </header>
  )
}

/**
 * The signed-in toolbar entry: the shopper's name (or 'Профиль') opening a small menu headed by the
 * shopper's name and phone, with the main site's profile, 'Мои данные и подписки' (the profile and
 * consents dialog), for e-commerce shoppers 'Мои
 * заказы' and 'Способы оплаты' (the `/ecom` hub and its payment methods), and 'Выйти'.
 * A disclosure (button + list), closed by Escape, a click outside, or choosing an item.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { PHONE_MASK, applyMask } from '#shared/masks.ts'
import { href } from '#shared/routing/href.ts'
import { useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Icon } from '#client/components/icon.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'
import { useLazyQuery } from '#client/data/use-query.ts'
import { profileLink } from './main-site-profile.ts'
import { signOut } from './sign-out.ts'
import { isPlainClick } from '#client/lib/plain-click.ts'

const ProfileDialog = lazy(() => import('./profile-dialog.tsx').then((m) => ({ default: m.ProfileDialog })))
const LoyaltyCardDialog = lazy(() =>
  import('#client/features/loyalty/loyalty-card-dialog.tsx').then((m) => ({ default: m.LoyaltyCardDialog })),
)

/** Paths a signed-out shopper must leave (they need a session). */
const SIGNED_IN_ONLY = /^\/(ecom|profile|favorites)(\/|$)/

export interface UserMenuProps {
  /** The main site's profile page. */
  profileHref: string
  className?: string
}

/** The key of `profileQuery()` (pinned by user-menu.test.ts): shared with the profile dialog. */
export const PROFILE_KEY = ['profile.get'] as const
const loadProfileQuery = () => import('#shared/queries/profile.ts').then((m) => m.profileQuery())

/** The host a link leads to (`aurora.example`), to say that the profile opens another site. */
function siteHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'основной сайт'
  }
}

/** The user menu of a signed-in shopper. */
export function UserMenu({ profileHref, className }: UserMenuProps) {
  const { api, refreshSession, session, config } = useApp()
  const favoritesAvailable = config.favoritesAvailable
  const { track } = useAnalytics()
  const toast = useToast()
  const [location, setLocation] = useLocation()
  const { data: profile } = useLazyQuery(PROFILE_KEY, loadProfileQuery)
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<'profile' | 'loyalty-card' | false>(false)
  const [leaving, setLeaving] = useState(false)
  const [opening, setOpening] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const onSignOut = async () => {
    track('security_logout_click')
    setLeaving(true)
    try {
      await signOut()
      setOpen(false)
      // Off a signed-in-only page first: once the session is re-read there, its guard would ask the
      // shopper who just chose to leave to sign in again.
      if (SIGNED_IN_ONLY.test(location)) setLocation('/', { replace: true })
      void refreshSession()
      toast.show({ theme: 'info', title: 'Вы вышли из аккаунта' })
    } catch {
      toast.show({ theme: 'error', title: 'Что-то пошло не так', description: 'Не удалось выйти. Попробуйте ещё раз' })
    } finally {
      setLeaving(false)
    }
  }

  // The plain link works without JavaScript; with it, the main site opens signed in (cross token).
  const onProfile = async (event: MouseEvent) => {
    track('toProfile_toolbar')
    if (!isPlainClick(event)) return
    event.preventDefault()
    if (opening) return
    setOpening(true)
    const outcome = await profileLink(api)
    setOpening(false)
    if (outcome.kind === 'open') return window.location.assign(outcome.location)
    if (outcome.kind === 'open-plain') return window.location.assign(profileHref)
    setOpen(false)
    toast.show({ theme: 'error', title: outcome.message })
    void refreshSession()
    if (outcome.kind === 'complete-profile') setLocation(href('profile-incomplete'))
    else if (SIGNED_IN_ONLY.test(location)) setLocation('/', { replace: true })
  }

  const name = profile?.firstName?.trim()
  return (
    <div className={`user-menu ${className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="toolbar__action user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="user" size={22} />
        <span className="toolbar__label">{name || 'Профиль'}</span>
      </button>
      {/* Always rendered (hidden while closed) so the profile link is in the page markup. */}
      <ul className="user-menu__list" id={menuId} hidden={!open}>
        {profile && (
          // Whose account this is: the name and the phone the shopper signs in with.
          <li className="user-menu__head">
            <span className="user-menu__who">{name || 'Покупатель'}</span>
            <span className="user-menu__phone text-muted">
              {applyMask(PHONE_MASK, profile.phone.replace(/^7/, ''))}
            </span>
          </li>
        )}
        <li>
          <a
            className="user-menu__item"
            href={profileHref}
            onClick={(event) => void onProfile(event)}
            aria-busy={opening || undefined}
          >
            Профиль на основном сайте
            <span className="user-menu__hint">откроется {siteHost(profileHref)}</span>
          </a>
        </li>
        {favoritesAvailable && (
          <li>
            <Link className="user-menu__item" href="/favorites" onClick={() => setOpen(false)}>
              Избранное
            </Link>
          </li>
        )}
        <li>
          <button
            type="button"
            className="user-menu__item"
            onClick={() => {
              setOpen(false)
              setDialog('profile')
            }}
          >
            Мои данные и подписки
            <span className="user-menu__hint">имя, почта, дата рождения</span>
          </button>
        </li>
        {!session.incompleteProfile && (
          <li>
            <button
              type="button"
              className="user-menu__item"
              onClick={() => {
                setOpen(false)
                setDialog('loyalty-card')
              }}
            >
              Карта лояльности
            </button>
          </li>
        )}
        {session.ecomEnabled && (
          <>
            <li>
              <Link className="user-menu__item" href={href('ecom')} onClick={() => setOpen(false)}>
                Мои заказы
              </Link>
            </li>
            <li>
              <Link className="user-menu__item" href={`${href('ecom')}#payment-methods`} onClick={() => setOpen(false)}>
                Способы оплаты
              </Link>
            </li>
          </>
        )}
        <li>
          <button
            type="button"
            className="user-menu__item"
            onClick={() => void onSignOut()}
            disabled={leaving}
            aria-busy={leaving || undefined}
          >
            Выйти
          </button>
        </li>
      </ul>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'profile' ? (
            <ProfileDialog onClose={() => setDialog(false)} />
          ) : (
            <LoyaltyCardDialog
              onClose={() => {
                setDialog(false)
                // The dialog gives focus back to the item that opened it, hidden with the closed menu:
                // the menu's button takes it once the dialog is gone.
                requestAnimationFrame(() => button.current?.focus())
              }}
            />
          )}
        </Suspense>
      )}
    </div>
  )
}

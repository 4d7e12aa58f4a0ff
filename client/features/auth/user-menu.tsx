/**
 * The signed-in toolbar entry: the shopper's name (or 'Профиль') opening a small menu with the
 * main site's profile, 'Мои данные' (the profile and consents dialog) and 'Выйти'.
 * A disclosure (button + list), closed by Escape, a click outside, or choosing an item.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useApp } from '#client/app/app-context.tsx'
import { useAnalytics } from '#client/analytics/index.ts'
import { Icon } from '#client/components/icon.tsx'
import { useToast } from '#client/components/toasts/index.ts'
import { useLazyQuery } from '#client/data/use-query.ts'
import { signOut } from './sign-out.ts'

const ProfileDialog = lazy(() => import('./profile-dialog.tsx').then((m) => ({ default: m.ProfileDialog })))

/** Paths a signed-out shopper must leave (they need a session). */
const SIGNED_IN_ONLY = /^\/(ecom|profile|favorites)(\/|$)/

/** Props of `UserMenu`. */
export interface UserMenuProps {
  /** The main site's profile page. */
  profileHref: string
  className?: string
}

/** The key of `profileQuery()` (pinned by user-menu.test.ts): shared with the profile dialog. */
export const PROFILE_KEY = ['profile.get'] as const
const loadProfileQuery = () => import('#shared/queries/profile.ts').then((m) => m.profileQuery())

/** The user menu of a signed-in shopper. */
export function UserMenu({ profileHref, className }: UserMenuProps) {
  const { refreshSession, config } = useApp()
  const favoritesAvailable = config.favoritesAvailable
  const { track } = useAnalytics()
  const toast = useToast()
  const [location, setLocation] = useLocation()
  const { data: profile } = useLazyQuery(PROFILE_KEY, loadProfileQuery)
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState(false)
  const [leaving, setLeaving] = useState(false)
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
      refreshSession()
      toast.show({ theme: 'info', title: 'Вы вышли из аккаунта' })
      if (SIGNED_IN_ONLY.test(location)) setLocation('/', { replace: true })
    } catch {
      toast.show({ theme: 'error', title: 'Что-то пошло не так', description: 'Не удалось выйти. Попробуйте ещё раз' })
    } finally {
      setLeaving(false)
    }
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
        <li>
          <a className="user-menu__item" href={profileHref} onClick={() => track('toProfile_toolbar')}>
            Профиль
          </a>
        </li>
        {favoritesAvailable && (
          <li>
            <Link className="user-menu__item" href="/favorites" onClick={() => setOpen(false)}>Избранное</Link>
          </li>
        )}
        <li>
          <button
            type="button"
            className="user-menu__item"
            onClick={() => {
              setOpen(false)
              setDialog(true)
            }}
          >
            Мои данные
          </button>
        </li>
        <li>
          <button type="button" className="user-menu__item" onClick={() => void onSignOut()} disabled={leaving} aria-busy={leaving || undefined}>
            Выйти
          </button>
        </li>
      </ul>
      {dialog && (
        <Suspense fallback={null}>
          <ProfileDialog onClose={() => setDialog(false)} />
        </Suspense>
      )}
    </div>
  )
}

/**
 * The user menu out of the app shell: only signed-in shoppers see it, so its code (the menu, the
 * main-site profile link, sign-out) is a lazy part. The browser loads it before
 * hydrating a signed-in page and when a visitor starts to sign in.
 */
import { lazyPart } from '#client/components/lazy-part.tsx'
import type { UserMenuProps } from './user-menu.tsx'

const userMenu = lazyPart<UserMenuProps>(() => import('./user-menu.tsx').then((module) => module.UserMenu))

/** `UserMenu` of user-menu.tsx; in the browser nothing until its code is in (just after a sign-in). */
export const UserMenuPart = userMenu.Part
/** Loads the user menu's code once. */
export const loadUserMenu = userMenu.preload

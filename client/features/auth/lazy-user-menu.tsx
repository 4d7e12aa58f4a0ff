/**
 * The user menu out of the app shell: only signed-in shoppers see it, so its code (the menu, the
 * main-site profile link, sign-out) loads when it is needed. The browser loads it before hydrating a
 * signed-in page (client/app/start.tsx) and when a visitor starts to sign in; the server's render waits
 * for it without a Suspense boundary, so the HTML is the same as with a static import.
 */
import { lazy, useEffect, useState } from 'react'
import type { UserMenuProps } from './user-menu.tsx'

type UserMenuModule = typeof import('./user-menu.tsx')

let loaded: UserMenuModule | undefined

/** Loads the user menu's code once; resolves when `UserMenuSlot` renders it without suspending. */
export function loadUserMenu(): Promise<UserMenuModule> {
  return loaded ? Promise.resolve(loaded) : import('./user-menu.tsx').then((module) => (loaded = module))
}

const ServerUserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })))

/** `UserMenu` of user-menu.tsx; in the browser nothing until its code is in (just after a sign-in). */
export function UserMenuSlot(props: UserMenuProps) {
  const [module, setModule] = useState(loaded)
  useEffect(() => {
    if (!module) void loadUserMenu().then(setModule, () => undefined)
  }, [module])
  if (module) return <module.UserMenu {...props} />
  // The server's render suspends here until the module is in (no boundary: the shell waits for it).
  return typeof window === 'undefined' ? <ServerUserMenu {...props} /> : null
}

/**
 * `<SiteLayout layout routeName>`: the page frame of both layouts of spec section 2 — skip link,
 * toolbar, `<main id="main">`, footer and the toast regions. The product layout adds breadcrumbs
 * above the content and a narrower content column.
 */
import { memo, type ReactNode } from 'react'
import type { Layout } from '#shared/routing/types.ts'
import { ToastViewport } from '#client/components/toasts/toast-viewport.tsx'
import { FooterPart } from './footer-part.tsx'
import { Toolbar } from './toolbar.tsx'

export interface SiteLayoutProps {
  layout: Layout
  /** Route name of the page (analytics names of spec section 2). */
  routeName: string
  /** Breadcrumbs above the content (the product layout's; catalogue pages use it too). */
  breadcrumbs?: ReactNode
  children: ReactNode
}

/**
 * Page frame. Memoized: a tapped link changes the location at once and renders the shell in the tap's
 * task, while the frame (toolbar, footer, toast regions) changes with the view only (decision 032).
 */
export const SiteLayout = memo(function SiteLayout({ layout, routeName, breadcrumbs, children }: SiteLayoutProps) {
  return (
    <div className={`site site--${layout}`} data-route={routeName}>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <Toolbar routeName={routeName} />
      <main id="main" tabIndex={-1} className={`site-main site-main--${layout}`}>
        <div className="container">
          {breadcrumbs && <div className="site-main__breadcrumbs">{breadcrumbs}</div>}
          {children}
        </div>
      </main>
      <FooterPart />
      <ToastViewport />
    </div>
  )
})

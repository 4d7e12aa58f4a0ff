/**
 * The goods page's bottom buy bar on a phone for shoppers with e-commerce only: its code (buy-bar.tsx)
 * is a lazy part. The bar starts hidden, so it is drawn only after hydration: no page waits for it.
 */
import { useApp } from '#client/context/app-context.tsx'
import { lazyPart } from '#client/components/lazy-part.tsx'
import { useHydratedFor } from '#client/components/ui/use-hydrated.ts'
import type { BuyBarProps } from './buy-bar.tsx'

const buyBar = lazyPart<BuyBarProps>(() => import('./buy-bar.tsx').then((module) => module.BuyBar))

/** The bottom buy bar of a goods page; nothing without e-commerce. */
export function ProductBuyBar(props: BuyBarProps) {
  const { session } = useApp()
  const shown = useHydratedFor(session.ecomEnabled)
  return shown ? <buyBar.Part {...props} /> : null
}

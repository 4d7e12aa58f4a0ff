/**
 * `<BuyBar>`: on a phone, the goods page's price and «В корзину» (then the quantity stepper and
 * «Оформить») fixed at the bottom of the screen while the buy box's own button is out of view, so
 * buying never needs a scroll. Only for shoppers with e-commerce (buy-bar-part.tsx loads it).
 */
import { useEffect, useState } from 'react'
import { Price } from '#client/components/ui/price.tsx'
import type { AnalyticsParams } from '#client/analytics/params.ts'
import { CartButton } from './cart-button.tsx'

export interface BuyBarProps {
  goodsId: number
  /** The goods' name, for the stepper's accessible names. */
  name: string
  price: number
  oldPrice?: number | undefined
  /** The id of the buy box's actions: the bar shows while they are off the screen. */
  anchorId: string
  trackParams?: AnalyticsParams | undefined
}

/** The bottom buy bar of a goods page (hidden from 900 px up, where the buy box sits beside the gallery). */
export function BuyBar({ goodsId, name, price, oldPrice, anchorId, trackParams }: BuyBarProps) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const anchor = document.getElementById(anchorId)
    if (!anchor) return
    const observer = new IntersectionObserver(([entry]) => setShown(entry ? !entry.isIntersecting : false))
    observer.observe(anchor)
    return () => observer.disconnect()
  }, [anchorId])
  // Room at the end of the page while the bar is there (features-ecom.css, `body.with-buy-bar`).
  useEffect(() => {
    document.body.classList.add('with-buy-bar')
    return () => document.body.classList.remove('with-buy-bar')
  }, [])
  return (
    <div className="buy-bar" hidden={!shown} data-toast-avoid>
      <Price price={price} oldPrice={oldPrice} showBadge={false} size="md" className="buy-bar__price" />
      <CartButton
        goodsId={goodsId}
        itemName={name}
        inCart="stepper"
        size="md"
        className="buy-bar__add"
        trackParams={trackParams && (() => trackParams)}
      />
    </div>
  )
}

/**
 * `<PickupPassCard>`: the pass of an order ready for pickup. The order number as a QR code for the
 * till's scanner (and in large type, to say aloud), the store with its hours, phone and a route in
 * Яндекс Карты, until when the order is kept, and what to bring. It prints alone on one A4 page
 * (features-ecom.css, `@media print`). Loaded with its QR encoder only when an order page has a pass.
 * A pass shown is kept on the device for the till without signal (features/offline/kept-data.ts).
 */
import { useEffect } from 'react'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { keepPass } from '#client/features/offline/kept-data.ts'
import type { PickupPass } from './pickup-pass-data.ts'
import { PassCode } from './pickup-pass-code.tsx'
import { QrCode } from './qr-code.tsx'

/** The pass of order `orderId`; `status` is the order's, the only thing the `pickup_pass_open` event says. */
export function PickupPassCard({ orderId, pass, status }: { orderId: string; pass: PickupPass; status: string }) {
  const { track } = useAnalytics()
  useEffect(() => {
    track('pickup_pass_open', { status })
  }, [track, status])
  // Kept again whenever what it says changes (the store's hours arrive, the keeping date moves).
  const said = JSON.stringify(pass)
  useEffect(() => {
    void keepPass(orderId, JSON.parse(said) as PickupPass, { shown: true })
  }, [orderId, said])

  return (
    <section className="pickup-pass" aria-labelledby="pickup-pass-title" data-toast-avoid>
      <PassCode
        number={pass.number}
        qr={<QrCode className="pickup-pass__qr" text={pass.qrText} label={`QR-код заказа ${pass.number}`} />}
      />
      <div className="pickup-pass__details">
        <dl className="pickup-pass__facts">
          <div>
            <dt>Магазин</dt>
            <dd>
              {pass.name}
              <br />
              {pass.address}
            </dd>
          </div>
          {(pass.schedule || pass.today) && (
            <div>
              <dt>Часы работы</dt>
              <dd>
                {pass.schedule}
                {pass.schedule && pass.today && <br />}
                {pass.today}
              </dd>
            </div>
          )}
          {pass.phone && (
            <div>
              <dt>Телефон</dt>
              <dd>
                <a href={pass.phone.href}>{pass.phone.text}</a>
              </dd>
            </div>
          )}
          {pass.keeping && (
            <div>
              <dt>Срок хранения</dt>
              <dd>{pass.keepUntil ? <time dateTime={pass.keepUntil}>{pass.keeping}</time> : pass.keeping}</dd>
            </div>
          )}
        </dl>
        <h3 className="pickup-pass__subtitle">Что взять с собой</h3>
        <ul className="pickup-pass__bring">
          {pass.bring.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="pickup-pass__actions">
          {pass.routeUrl && (
            <ButtonLink
              href={pass.routeUrl}
              external
              target="_blank"
              rel="noopener noreferrer"
              variant="secondary"
              iconStart="location"
            >
              Маршрут в Яндекс Картах<span className="visually-hidden"> (откроется в новой вкладке)</span>
            </ButtonLink>
          )}
          <Button variant="ghost" onClick={() => window.print()}>
            Распечатать
          </Button>
        </div>
      </div>
    </section>
  )
}

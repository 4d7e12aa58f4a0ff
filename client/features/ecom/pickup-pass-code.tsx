/**
 * `<PassCode>`: the pass's column for the till: its title, the QR code (`qr`), the order number in large
 * type and what to do at the till. The pass renders it with its QR code; the place of the pass renders
 * the same column with a square in place of the code while the encoder loads, so the number is on
 * screen with the page's first paint (the order page's largest text) and nothing moves when the code comes.
 */
import type { ReactNode } from 'react'

export function PassCode({ number, qr }: { number: string; qr: ReactNode }) {
  return (
    <div className="pickup-pass__code">
      <h2 id="pickup-pass-title" className="pickup-pass__title">
        Заказ готов к выдаче
      </h2>
      {qr}
      <p className="pickup-pass__number">
        <span className="pickup-pass__number-label">Номер заказа</span> {number}
      </p>
      <p className="pickup-pass__hint">Покажите QR-код на кассе или назовите номер заказа.</p>
    </div>
  )
}

/**
 * «Карта лояльности»: the signed-in shopper's card number as a barcode for the till, full screen,
 * black on white, as large as the screen allows, and the points on it when the answer has them (else
 * where to see them). The number comes from `/v1/keeperid/bunch` when the dialog opens and lives in this
 * component's state and, for the till without signal, in the device's kept data under the shopper's key
 * (features/offline/kept-data.ts, deleted at sign-out): never in local storage, logs, the SWR cache or
 * analytics (`loyalty_card_open` carries nothing of it). Without the network the dialog shows the kept
 * card with the time it was kept. jsbarcode draws it (draw-barcode.ts; barcode-format.ts picks EAN-13
 * or Code 128), loaded with this dialog only.
 */
import { useEffect, useRef, useState } from 'react'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useApi } from '#client/context/app-context.tsx'
import { currentShopper, keepCard, readKept } from '#client/features/offline/kept-data.ts'
import { keptAtText } from '#client/features/offline/kept-at-text.ts'
import { countLabel } from '#client/lib/format.ts'
import { barcodeFormat, groupedNumber } from './barcode-format.ts'

type CardState =
  | { kind: 'loading' }
  | { kind: 'card'; number: string; points: number | undefined; keptAt?: string }
  | { kind: 'none' }
  | { kind: 'failed' }

/** Where a shopper sees the balance when the gateway's answer has none. */
export const BALANCE_ELSEWHERE = 'Баланс баллов — в чеке после покупки и на кассе любого магазина «Аврора».'

/** The card kept on this device for the signed-in shopper, when the gateway cannot be reached. */
async function keptCard(): Promise<CardState | undefined> {
  const userId = currentShopper()
  const card = userId ? (await readKept(userId)).card : undefined
  return card && barcodeFormat(card.number)
    ? { kind: 'card', number: card.number, points: undefined, keptAt: card.keptAt }
    : undefined
}

/** The dialog; `onClose` closes it. */
export function LoyaltyCardDialog({ onClose }: { onClose: () => void }) {
  const api = useApi()
  const { track } = useAnalytics()
  const [card, setCard] = useState<CardState>({ kind: 'loading' })
  const svg = useRef<SVGSVGElement>(null)

  useEffect(() => {
    const abort = new AbortController()
    track('loyalty_card_open')
    void (async () => {
      try {
        const { getKeeperBunch } = await import('#shared/gateway/profile.ts')
        const bunch = await api.call(getKeeperBunch, { signal: abort.signal })
        const number = bunch.loyaltyCardNumber.trim()
        const shown = Boolean(number && barcodeFormat(number))
        setCard(shown ? { kind: 'card', number, points: bunch.loyaltyPoints } : { kind: 'none' })
        if (shown) void keepCard(number, { shown: true })
      } catch {
        if (abort.signal.aborted) return
        const kept = await keptCard().catch(() => undefined)
        if (!abort.signal.aborted) setCard(kept ?? { kind: 'failed' })
      }
    })()
    return () => abort.abort()
  }, [api, track])

  useEffect(() => {
    if (card.kind !== 'card' || !svg.current) return
    const element = svg.current
    void import('./draw-barcode.ts').then(({ drawBarcode }) => drawBarcode(element, card.number))
  }, [card])

  return (
    <Dialog open onClose={onClose} title="Карта лояльности" size="full" className="loyalty-card">
      {card.kind === 'loading' && <Spinner label="Загружаем карту" />}
      {card.kind === 'failed' && (
        <p role="alert">Не удалось загрузить карту. Проверьте соединение и попробуйте ещё раз.</p>
      )}
      {card.kind === 'none' && <p>У вас пока нет карты лояльности. Её выдают на кассе любого магазина «Аврора».</p>}
      {card.kind === 'card' && (
        <figure className="loyalty-card__code">
          <svg ref={svg} role="img" aria-label={`Штрихкод карты ${groupedNumber(card.number)}`} />
          <figcaption className="loyalty-card__number">{groupedNumber(card.number)}</figcaption>
          {/* The balance when the answer has it (UX4-07: the «300 баллов» of registration are found here). */}
          {card.points === undefined ? (
            <p className="loyalty-card__balance loyalty-card__balance--elsewhere">{BALANCE_ELSEWHERE}</p>
          ) : (
            <p className="loyalty-card__balance">
              На карте <strong>{countLabel(card.points, ['балл', 'балла', 'баллов'])}</strong>
            </p>
          )}
          <p className="loyalty-card__hint">Покажите штрихкод на кассе и прибавьте яркость экрана.</p>
          {card.keptAt && <p className="loyalty-card__kept">{keptAtText(card.keptAt, new Date())}</p>}
        </figure>
      )}
    </Dialog>
  )
}

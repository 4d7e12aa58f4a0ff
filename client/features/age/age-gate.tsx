/**
 * `<AgeGate restricted/>`: on a page of age-restricted goods, asks 'Вам исполнилось
 * 18 лет?' in a modal and keeps the page content blurred until the shopper answers 'Да, мне есть 18'
 * (remembered on the device). 'Нет' goes back when the previous page is one of ours (a client
 * navigation included), or to the home page when the visitor came from elsewhere. The blur marker is in the server HTML too, so restricted content never flashes.
 */
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { href } from '#shared/routing/href.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { ageStorage, isAgeConfirmed, rememberAgeConfirmed } from './age-storage.ts'

export interface AgeGateProps {
  /** Whether the goods on the page are age-restricted (`ageRestricted`); false renders nothing. */
  restricted: boolean
}

/**
 * Whether the previous history entry is a page of this site. The Navigation API lists only the
 * same-origin entries of this tab, so a client navigation counts too; `document.referrer` (the
 * fallback) only knows how the first document was reached.
 */
function cameFromThisSite(): boolean {
  const entry = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation?.currentEntry
  if (entry) return entry.index > 0
  return document.referrer !== '' && new URL(document.referrer).origin === location.origin && history.length > 1
}

/** Age confirmation for restricted goods. */
export function AgeGate({ restricted }: AgeGateProps) {
  const { track } = useAnalytics()
  const [, setLocation] = useLocation()
  const [state, setState] = useState<'unknown' | 'asking' | 'confirmed'>('unknown')

  useEffect(() => {
    if (!restricted) return
    if (isAgeConfirmed(ageStorage())) {
      setState('confirmed')
      return
    }
    setState('asking')
    track('age_confirm_view')
    // Per restricted page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restricted])

  if (!restricted || state === 'confirmed') return null

  const confirm = () => {
    rememberAgeConfirmed(ageStorage())
    track('age_confirm_click')
    setState('confirmed')
  }
  const decline = () => {
    track('age_decline_click')
    if (cameFromThisSite()) history.back()
    else setLocation(href('main'))
  }

  return (
    <>
      {/* The page's first child: the page's parts after it are blurred (features-age.css). */}
      <div className="age-gate-veil" aria-hidden="true" />
      <Dialog
        open={state === 'asking'}
        onClose={decline}
        title="Вам исполнилось 18 лет?"
        description="Этот товар продаётся только совершеннолетним."
        size="sm"
        hideClose
        closeOnBackdrop={false}
        className="age-gate"
        footer={
          <>
            <Button onClick={confirm}>Да, мне есть 18</Button>
            <Button variant="secondary" onClick={decline}>
              Нет
            </Button>
          </>
        }
      />
    </>
  )
}

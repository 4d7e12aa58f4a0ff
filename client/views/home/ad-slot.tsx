/**
 * One advertising slot of the home page, filled by the ad network (AdFox): with `adfoxOwnerId` set,
 * the network's loader (`adfoxScriptUrl`, the only ad origin the CSP allows) is added once, and
 * `Ya.adfoxCode.create` renders into the slot's container. When the network cannot fill the slot
 * (no script, an error, a stub), the slot's fallback banner shows, or nothing at all: never an empty box.
 */
import { useEffect, useState } from 'react'
import type { AdSlot } from '#shared/models/main-page.ts'
import { useConfig } from '#client/context/app-context.tsx'
import { SmartLink } from './home-section.tsx'

/** Ad slot: the network's container, its fallback when the network fails, nothing when there is neither. */
export function AdSlotBox({ slot }: { slot: AdSlot }) {
  const config = useConfig()
  const [state, setState] = useState<'loading' | 'filled' | 'failed'>('loading')
  const scriptUrl = config.adfoxScriptUrl

  useEffect(() => {
    if (!scriptUrl || !config.adfoxOwnerId) {
      setState('failed')
      return
    }
    let active = true
    const settle = (next: 'filled' | 'failed') => {
      if (active) setState(next)
    }
    // The loader's code comes only for a configured ad owner.
    import('./adfox-loader.ts')
      .then(({ loadAdfox }) => loadAdfox(scriptUrl))
      .then(
        (adfox) =>
          adfox.create({
            ownerId: config.adfoxOwnerId ?? slot.ownerId,
            containerId: slot.containerId,
            params: slot.params,
            onRender: () => settle('filled'),
            onStub: () => settle('failed'),
            onError: () => settle('failed'),
          }),
        () => settle('failed'),
      )
    return () => {
      active = false
    }
  }, [scriptUrl, config.adfoxOwnerId, slot])

  if (state === 'failed' && !slot.fallback) return null
  return (
    <aside className="ad-slot" aria-label="Реклама" data-placement={slot.placement} data-ad-state={state}>
      {/* The network owns this element's children; React never renders into it. */}
      <div id={slot.containerId} className="ad-slot__container" hidden={state === 'failed'} />
      {state === 'failed' && slot.fallback && (
        <SmartLink url={slot.fallback.url} className="ad-slot__link" label="Рекламное предложение">
          <img
            src={slot.fallback.image.url}
            width={slot.fallback.image.width}
            height={slot.fallback.image.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        </SmartLink>
      )}
    </aside>
  )
}

/**
 * One advertising slot of the home page, filled by the ad network (AdFox): with `adfoxOwnerId` set,
 * the network's loader (`adfoxScriptUrl`, the only ad origin the CSP allows) is added once, and
 * `Ya.adfoxCode.create` renders into the slot's container. When the network cannot fill the slot
 * (no script, an error, a stub), the slot's fallback banner shows, or nothing at all: never an empty box.
 */
import { useEffect, useState } from 'react'
import type { AdSlot } from '#shared/models/main-page.ts'
import { useApp } from '#client/context/app-context.tsx'
import { SmartLink } from './home-blocks.tsx'

/** What a page gets from the ad loader (the part of Yandex's `Ya.adfoxCode` we use). */
interface AdfoxCode {
  create(options: {
    ownerId: string
    containerId: string
    params: Record<string, string>
    onRender?: () => void
    onStub?: () => void
    onError?: (error: unknown) => void
  }): void
}

/** How long the loader may take before the slot shows its fallback. */
const LOADER_TIMEOUT_MS = 10_000

const loaders = new Map<string, Promise<AdfoxCode>>()

/** Adds the loader script once per URL and resolves with `Ya.adfoxCode` (browser only). */
export function loadAdfox(url: string, doc: Document = document, timeoutMs = LOADER_TIMEOUT_MS): Promise<AdfoxCode> {
  let loading = loaders.get(url)
  if (!loading) {
    loading = new Promise<AdfoxCode>((resolve, reject) => {
      const script = doc.createElement('script')
      const timer = setTimeout(() => reject(new Error('ad loader timed out')), timeoutMs)
      script.src = url
      script.async = true
      script.onload = () => {
        clearTimeout(timer)
        const code = (globalThis as { Ya?: { adfoxCode?: AdfoxCode } }).Ya?.adfoxCode
        if (code) resolve(code)
        else reject(new Error('ad loader defined no Ya.adfoxCode'))
      }
      script.onerror = () => {
        clearTimeout(timer)
        reject(new Error('ad loader failed'))
      }
      doc.head.append(script)
    })
    // A failed load may be retried on the next page view.
    loading.catch(() => loaders.delete(url))
    loaders.set(url, loading)
  }
  return loading
}

/** Ad slot: the network's container, its fallback when the network fails, nothing when there is neither. */
export function AdSlotBox({ slot }: { slot: AdSlot }) {
  const { config } = useApp()
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
    loadAdfox(scriptUrl).then(
      (adfox) => adfox.create({
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
          <img src={slot.fallback.image.url} width={slot.fallback.image.width} height={slot.fallback.image.height} alt="" loading="lazy" decoding="async" />
        </SmartLink>
      )}
    </aside>
  )
}

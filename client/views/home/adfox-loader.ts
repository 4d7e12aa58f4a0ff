/**
 * The ad network's loader (AdFox): adds `adfoxScriptUrl` once and resolves with `Ya.adfoxCode`. Loaded
 * by ad-slot.tsx only when the config has an ad owner (most pages and visitors never need it).
 */

/** What a page gets from the ad loader (the part of Yandex's `Ya.adfoxCode` we use). */
export interface AdfoxCode {
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

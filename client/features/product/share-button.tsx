/** `<ShareButton title path>`: the Web Share API where the browser has it, otherwise copies the link and says so in a toast. */
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useToast } from '#client/components/toasts/toast-provider.tsx'

export interface ShareButtonProps {
  title: string
  /** Canonical path of the page to share. */
  path: string
  goodsId?: number
}

/** Share button. */
export function ShareButton({ title, path, goodsId }: ShareButtonProps) {
  const toast = useToast()
  const { track } = useAnalytics()
  const onClick = async () => {
    const url = new URL(path, window.location.origin).toString()
    track('product_share_click', goodsId === undefined ? {} : { product_id: String(goodsId) })
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        if ((error as Error).name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast.show({ theme: 'success', type: 'link-copied', title: 'Ссылка скопирована' })
    } catch {
      toast.show({ theme: 'info', type: 'link-copy-failed', title: 'Скопируйте ссылку', description: url })
    }
  }
  return (
    <Button variant="ghost" iconStart="share" onClick={() => void onClick()}>
      Поделиться
    </Button>
  )
}

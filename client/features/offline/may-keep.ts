/**
 * Whether the service worker may keep an answer: ours (`basic`), complete (200), and neither private
 * nor `no-store` nor setting a cookie (a worker never sees `Set-Cookie`, fetch hides it; the check
 * stands for any answer built by hand).
 */
export function mayKeep(response: Pick<Response, 'status' | 'type' | 'headers'>): boolean {
  const cacheControl = response.headers.get('cache-control') ?? ''
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !/\b(private|no-store)\b/i.test(cacheControl) &&
    !response.headers.has('set-cookie')
  )
}

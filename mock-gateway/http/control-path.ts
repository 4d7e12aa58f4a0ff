/**
 * The one rule of the control plane: `/__mock` and what lies under it, at the root of the mock's origin
 * only, in any letter case and with percent-encoded characters decoded. Never under `/webgate` or
 * `/{product}-id`: a data-path call there is an ordinary gateway call (and answers 501). Control paths
 * answer loopback clients only.
 */

/** `/__mock` or `/__mock/…` at the root, any case. */
const CONTROL = /^\/__mock(?:\/|$)/i

/** Decodes percent-encoding so `/%5F_mock/faults` is seen as what it is; a broken escape stays as is. */
function decoded(path: string): string {
  if (!path.includes('%')) return path
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** Whether a request path (without the query) belongs to the control plane. */
export const isControlPath = (path: string): boolean => CONTROL.test(decoded(path))

/** Whether a socket address is the machine itself. */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address))

/**
 * Where a request goes: `data` (the gateway handlers), `control` (the `/__mock` handlers) or
 * `forbidden` (a control path asked by a client that is not the machine itself).
 */
export function requestPlane(path: string, remoteAddress: string | undefined): 'data' | 'control' | 'forbidden' {
  if (!isControlPath(path)) return 'data'
  return isLoopback(remoteAddress) ? 'control' : 'forbidden'
}

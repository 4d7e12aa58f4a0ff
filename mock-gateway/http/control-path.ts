/**
 * The one rule of the control plane: `/__mock` and what lies under it, at the root of the mock's origin
 * only, in any letter case and with percent-encoded characters decoded. Never under `/webgate` or
 * `/{product}-id`: a data-path call there is an ordinary gateway call. Control paths answer loopback
 * clients only, addressed by a loopback name (`Host`), and browsers from the mock's own origin.
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

/** Host names that are the machine itself (a DNS-rebound name is none of them). */
const LOOPBACK_NAMES = /^(?:localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|\[::ffff:127(?:\.\d{1,3}){3}\])$/i

/**
 * Whether a `Host` header names the machine itself (`127.0.0.1`, `localhost`, `[::1]`), at `port` when
 * given: the control plane's answer to DNS rebinding (Vite's and webpack-dev-server's `allowedHosts`).
 * A page of `http://rebind.example:4010` whose name now points at 127.0.0.1 still sends its own Host.
 */
export function isLoopbackHost(host: string | null | undefined, port?: number): boolean {
  if (!host) return false
  const found = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim())
  if (!found || !LOOPBACK_NAMES.test(found[1] ?? '')) return false
  return port === undefined || found[2] === undefined || Number(found[2]) === port
}

/**
 * Whether a browser's `Origin` may drive the control plane: the mock's configured public origin, or the
 * origin the request was sent to (`http://` + its Host, which the server has checked is a loopback
 * name). Another site's page may not.
 */
export function controlOriginAllowed(origin: string, host: string | null, publicUrl: string): boolean {
  return origin === new URL(publicUrl).origin || (host !== null && origin === `http://${host}`)
}

/**
 * Where a request goes: `data` (the gateway handlers), `control` (the `/__mock` handlers) or
 * `forbidden` (a control path asked by a client that is not the machine itself).
 */
export function requestPlane(
  path: string,
  remoteAddress: string | undefined,
  host?: { header: string | undefined; port: number; publicHost?: string | undefined },
): 'data' | 'control' | 'forbidden' {
  if (!isControlPath(path)) return 'data'
  if (!isLoopback(remoteAddress)) return 'forbidden'
  if (host === undefined || isLoopbackHost(host.header, host.port)) return 'control'
  // The name the operator configured (`MOCK_PUBLIC_URL`) is the mock's own too.
  return host.publicHost !== undefined && host.header?.toLowerCase() === host.publicHost ? 'control' : 'forbidden'
}

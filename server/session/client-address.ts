/**
 * The key a client address is counted under by the OTP limit. IPv4 counts per address (an
 * IPv4-mapped IPv6 address is the same IPv4 address); IPv6 counts per /64, the smallest prefix an
 * ISP hands one subscriber, so one customer cannot rotate through 2^64 addresses. A CGNAT address is
 * shared by many subscribers of one carrier: they share its budget (README, "Operating it").
 */
import { isIPv4, isIPv6 } from 'node:net'

/** Expands an IPv6 address to its eight 16-bit groups (an embedded IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase()
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = rest ? rest.split(':') : []
  const missing = 8 - left.length - right.length
  if (rest === undefined ? missing !== 0 : missing < 0) return undefined
  return [...left, ...Array.from({ length: rest === undefined ? 0 : missing }, () => '0'), ...right].map((group) =>
    parseInt(group, 16),
  )
}

/**
 * The key every address that is no IP address shares. A proxy that forwards such text (a name, an
 * integer or zero-padded IPv4 spelling) must not give each spelling a budget of its own: a stranger
 * behind it would get a fresh one by writing another.
 */
export const UNKNOWN_ADDRESS_KEY = 'unknown'

/** The address without the port or brackets some proxies add (`203.0.113.7:40000`, `[2001:db8::1]:443`). */
function bareAddress(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) return bracketed[1]!
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address)
  return withPort ? withPort[1]! : address
}

/** The limiter key of a client address: `v4:1.2.3.4` or `v6:2001:db8:1:2::/64`; anything else `unknown`. */
export function clientAddressKey(raw: string): string {
  const address = bareAddress(raw.trim())
  if (isIPv4(address)) return `v4:${address}`
  if (!isIPv6(address)) return UNKNOWN_ADDRESS_KEY
  const groups = ipv6Groups(address)
  if (!groups) return UNKNOWN_ADDRESS_KEY
  // ::ffff:a.b.c.d is an IPv4 client reached over a dual-stack socket.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!]
    return `v4:${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  return `v6:${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

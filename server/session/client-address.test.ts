import { describe, expect, it } from 'vitest'
import { clientAddressKey } from './client-address.ts'

describe('clientAddressKey', () => {
  it.each([
    ['198.51.100.20', 'v4:198.51.100.20'],
    ['::ffff:198.51.100.20', 'v4:198.51.100.20'],
    ['::FFFF:c633:6414', 'v4:198.51.100.20'],
    ['2001:db8:1:2:3:4:5:6', 'v6:2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', 'v6:2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', 'v6:2001:db8:1:2::/64'],
    ['2001:db8::1', 'v6:2001:db8:0:0::/64'],
    ['::1', 'v6:0:0:0:0::/64'],
    ['fe80::1%eth0', 'v6:fe80:0:0:0::/64'],
    // With a port or brackets, as some proxies forward them: the same client.
    ['198.51.100.20:40000', 'v4:198.51.100.20'],
    ['[198.51.100.20]', 'v4:198.51.100.20'],
    ['[2001:db8:1:2::1]:443', 'v6:2001:db8:1:2::/64'],
    // No IP address: one shared budget, whatever the spelling (security probe D9).
    ['garbage', 'unknown'],
    ['198.051.100.020', 'unknown'],
    ['3325256724', 'unknown'],
    ['', 'unknown'],
  ])('keys %s as %s', (address, key) => expect(clientAddressKey(address)).toBe(key))

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = new Set(
      Array.from({ length: 30 }, (_, i) => clientAddressKey(`2001:db8:aa:bb:${i.toString(16)}::${i}`)),
    )
    expect(keys.size).toBe(1)
    expect(clientAddressKey('2001:db8:aa:bc::1')).not.toBe([...keys][0])
  })
})

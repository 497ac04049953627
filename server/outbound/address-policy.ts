import { BlockList, isIP } from 'node:net'

// docs/quality.md: a URL a user chose (audio by URL, a push endpoint) may
// reach only public internet addresses: no private, loopback, link-local,
// shared (CGNAT), multicast, reserved, documentation or unspecified targets,
// in IPv4 or IPv6 (including IPv6 forms that carry an IPv4 address). Checked
// by ./guard.ts on every resolved address of every hop.

const blockedV4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4')
}

// IPv6: only global unicast (2000::/3) is reachable at all; inside it, ranges
// that are not plain public hosts or that tunnel to IPv4 are refused too. This
// also refuses ::, ::1, IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96,
// unique-local fc00::/7, link-local fe80::/10 and multicast ff00::/8.
const globalUnicastV6 = new BlockList()
globalUnicastV6.addSubnet('2000::', 3, 'ipv6')
const blockedV6 = new BlockList()
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['3fff::', 20], // documentation
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6')
}

/** True when the address is a public unicast address a server may fetch from. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !blockedV4.check(address, 'ipv4')
  if (family === 6) return globalUnicastV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6')
  return false
}

/** The bare host of a URL: IPv6 brackets removed (URL has already normalised 2130706433, 0177.0.0.1, …). */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname
}

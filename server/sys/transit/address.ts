/**
 * Which addresses the forwarder may connect to. A target host is checked by the addresses it
 * resolves to, never by its name (a public-looking name can point at 127.0.0.1), and every one of
 * them must pass. Loopback, private, link-local and unique-local addresses pass only for a target
 * an admin marked as allowed to; the unspecified, multicast, documentation and reserved ranges
 * never do, nor do IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4), which are judged
 * by the IPv4 address inside.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type AddressClass = 'public' | 'internal' | 'forbidden';

function blockList(v4: readonly string[], v6: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of v4) {
    const [net, prefix] = cidr.split('/');
    list.addSubnet(net, Number(prefix), 'ipv4');
  }
  for (const cidr of v6) {
    const [net, prefix] = cidr.split('/');
    list.addSubnet(net, Number(prefix), 'ipv6');
  }
  return list;
}

/** Reachable only inside the machine or the organisation's networks. */
const INTERNAL = blockList(
  ['10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'],
  ['::1/128', 'fc00::/7', 'fe80::/10', 'fec0::/10'],
);

/** Never a forwarding target: unspecified, broadcast, multicast, documentation, benchmarking, reserved. */
const FORBIDDEN = blockList(
  [
    '0.0.0.0/8',
    '192.0.0.0/24',
    '192.0.2.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '224.0.0.0/4',
    '240.0.0.0/4',
  ],
  // ::/96 holds the unspecified address and the old IPv4-compatible form (::a.b.c.d).
  ['::/96', '::ffff:0:0:0/96', '100::/64', '2001:db8::/32', 'ff00::/8'],
);

/** The IPv4 address an IPv6 form carries (::ffff:a.b.c.d, 64:ff9b::/96, 2002::/16), if any. */
export function embeddedIPv4(address: string): string | null {
  const words = expandIPv6(address.toLowerCase());
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const mapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0);
  if (mapped || nat64) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail included), or null. */
function expandIPv6(address: string): number[] | null {
  if (!isIPv6(address) || address.includes('%')) return null;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = text.includes('::') ? 8 - left.length - right.length : 0;
  const words = [...left, ...new Array<number>(zeros).fill(0), ...right];
  return words.length === 8 ? words : null;
}

export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const v4 = isIPv4(bare) ? bare : isIPv6(bare) ? embeddedIPv4(bare) : null;
  if (v4) {
    if (FORBIDDEN.check(v4, 'ipv4') || v4 === '255.255.255.255') return 'forbidden';
    return INTERNAL.check(v4, 'ipv4') ? 'internal' : 'public';
  }
  if (!isIPv6(bare)) return 'forbidden';
  if (bare.includes('%')) return 'internal'; // a zone index only exists on link-local addresses
  // Internal first: ::1 lies inside the forbidden ::/96.
  if (INTERNAL.check(bare, 'ipv6')) return 'internal';
  return FORBIDDEN.check(bare, 'ipv6') ? 'forbidden' : 'public';
}

// Who counts as one client for the per-client limits (rate limits, sign-in limits, the connection cap): an
// IPv4 address is one client, and so is a whole IPv6 /64. A home or a phone is handed a /64 and may pick any of its
// 2^64 addresses, so counting each IPv6 address apart handed one visitor thousands of quotas. An IPv4 address written
// as IPv6 (::ffff:a.b.c.d, what a dual-stack socket reports for an IPv4 peer) is that IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part is two groups); its zone is dropped. */
function groupsOf(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a client's quota is counted under: the IPv4 address itself (also when written as ::ffff:a.b.c.d), the /64
 * of an IPv6 address ("2001:db8:1:2::/64"), or the text as given when it is no address at all.
 */
export function clientKeyOf(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = groupsOf(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The client a request counts as (request.ip is already the forwarded client when TRUST_PROXY vouches for it). */
export const clientKeyOfRequest = (request: { ip: string }): string => clientKeyOf(request.ip);

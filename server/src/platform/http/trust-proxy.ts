// Which peers may speak for the client through X-Forwarded-For (docs/architecture.md, operations). Unset, nobody: the
// socket's own address is the client, whatever HTTPS says, so no client can pick its address by writing the header.
// `true` is refused because it trusts every peer, which is exactly the forgery this setting exists to stop.
import { BlockList, isIP } from 'node:net';

/** What Fastify's trustProxy receives: nothing, the proxy's addresses, or a hop-count rule. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset or empty trusts nobody; a whole number trusts that many hops in front of the server (only
 * safe when nothing but the proxy can reach it); otherwise a comma-separated list of addresses, CIDR ranges or
 * proxy-addr's keywords (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any client choose its own address through X-Forwarded-For. Set it to the address of your reverse proxy (e.g. TRUST_PROXY=127.0.0.1) or to its hop count.',
    );
  }
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    if (hops === 0) return false;
    return (_address, hop) => hop < hops;
  }
  const entries = setting.split(',').map((e) => e.trim());
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY has entries that are neither an IP address, a CIDR range nor loopback/linklocal/uniquelocal: ${wrong.join(', ')}`,
    );
  }
  return entries;
}

/** proxy-addr's keywords as the ranges they stand for. */
const KEYWORD_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a peer (a socket's own address) is one of the proxies TRUST_PROXY names: its connections carry many
 * clients, so a per-client cap on connections does not apply to it (platform/http/http-limits.ts). With a hop count every peer
 * is the proxy (nothing else can reach the server); with nobody trusted, no peer is.
 */
export function trustsPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'function') return (address) => trust(address, 0);
  const list = new BlockList();
  for (const entry of trust.flatMap((e) => (Object.hasOwn(KEYWORD_RANGES, e) ? KEYWORD_RANGES[e]! : [e]))) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

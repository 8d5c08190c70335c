// Her account lives on http://admin.localhost:<port> (server/src/platform/config.ts). Chromium and Firefox resolve every
// *.localhost name to the loopback (RFC 6761), but glibc does not, so the tests' own requests (page.request, fetch)
// would not find her origin. This makes this process resolve those names as it resolves "localhost", as the browser
// does, and leaves every other name alone.
import dns from 'node:dns';

const isLocalhostName = (hostname: string) => /\.localhost\.?$/i.test(hostname);

let installed = false;

export function resolveLocalhostNames(): void {
  if (installed) return;
  installed = true;
  const lookup = dns.lookup;
  const promisesLookup = dns.promises.lookup;
  // Both keep their arguments and callback as given: only the name changes.
  dns.lookup = ((hostname: string, ...rest: unknown[]) =>
    (lookup as (...args: unknown[]) => void)(
      isLocalhostName(hostname) ? 'localhost' : hostname,
      ...rest,
    )) as typeof dns.lookup;
  dns.promises.lookup = ((hostname: string, ...rest: unknown[]) =>
    (promisesLookup as (...args: unknown[]) => unknown)(
      isLocalhostName(hostname) ? 'localhost' : hostname,
      ...rest,
    )) as typeof dns.promises.lookup;
}

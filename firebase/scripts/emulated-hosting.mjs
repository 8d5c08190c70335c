// firebase.json's two Hosting sites under the emulator (emulators.mjs): the copy of the config that names them, the
// pair of free ports they are served on, and where the CLI says it served each.
import { createServer } from 'node:net';
import { freePort, HOST } from './emulator-processes.mjs';

/**
 * firebase.json's two Hosting sites (targets `public` and `admin`, her account on its own origin) as the emulator can
 * read them: a target names a site through .firebaserc, which a demo project has none of, so the copy names the
 * sites themselves. Everything else of each site is firebase.json's.
 */
export function emulatedHosting(hosting, project) {
  if (!Array.isArray(hosting)) return hosting;
  return hosting.map(({ target, ...site }) => (target ? { ...site, site: `${project}-${target}` } : site));
}

/**
 * The Hosting emulator serves the first site on the port it is given and the second on that port + 5 (firebase-tools
 * 15, serve/hosting.js), or on the next free port after it: both are found free here, and checkHostingSitePorts
 * reads back where each site was served.
 */
export const ADMIN_SITE_PORT_OFFSET = 5;

export async function freeHostingPort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (await isFree(port + ADMIN_SITE_PORT_OFFSET)) return port;
  }
  throw new Error('No free pair of ports for the two Hosting sites.');
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** Each site's port from the CLI's log ("hosting[<site>]: Local server: http://host:port"); throws on a mismatch. */
export function hostingSitePorts(log) {
  const sites = {};
  for (const m of log.matchAll(/hosting\[[^\]]*-(public|admin)\][^\n]*Local server: \S*?:(\d+)/g))
    sites[m[1]] = Number(m[2]);
  return sites;
}

export function checkHostingSitePorts(cliLog, ports) {
  const sites = hostingSitePorts(cliLog.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''));
  if (sites.public !== ports.hosting || sites.admin !== ports.adminHosting) {
    throw new Error(
      `The Hosting sites were served on ${JSON.stringify(sites)}, not public ${ports.hosting} and admin ${ports.adminHosting}.`,
    );
  }
}

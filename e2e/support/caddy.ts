// A real Caddy in front of the server, as docs/deploy.md sets it up: TLS for two test host names (the public site and
// her admin origin), a certificate each from Caddy's own local certificate authority, compression, and reverse_proxy
// of both to the one server, which tells them apart by the Host Caddy passes on. Found like Chromium
// (support/chromium.ts): CADDY_PATH, else Debian's /usr/bin/caddy; where none is found and we are root with apt-get,
// Debian's caddy package is installed; otherwise the run stops and says how to get one. Never skipped.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { connect } from 'node:tls';

const CANDIDATES = ['/usr/bin/caddy', '/usr/local/bin/caddy'];

function found(): string | undefined {
  if (process.env.CADDY_PATH) {
    if (existsSync(process.env.CADDY_PATH)) return process.env.CADDY_PATH;
    throw new Error(`CADDY_PATH is set to ${process.env.CADDY_PATH}, which does not exist.`);
  }
  return CANDIDATES.find((p) => existsSync(p));
}

export function caddyPath(): string {
  const path = found();
  if (path) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("No Caddy found: installing Debian's caddy package (apt-get)...");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'caddy'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = found();
    if (installed) return installed;
  }
  throw new Error(
    'The reverse-proxy browser test needs Caddy 2. Install it (Debian/Ubuntu: `sudo apt-get install caddy`) or set CADDY_PATH to a caddy binary.',
  );
}

export interface RunningCaddy {
  /** https://<host>:<port>, as a browser that maps the host to 127.0.0.1 reaches it: the public site. */
  origin: string;
  /** https://<adminHost>:<port>: her dashboard, sign-in and API. */
  adminOrigin: string;
  /** base64 SHA-256 of the public keys of Caddy's local CA (root and intermediate), for Chromium to trust. */
  caSpkiHashes: string[];
  output(): string;
  stop(): Promise<void>;
}

/** `count` distinct free ports on 127.0.0.1: held open together, so the kernel cannot hand out one twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1');
      await once(srv, 'listening');
      return srv;
    }),
  );
  const ports = servers.map((srv) => (srv.address() as AddressInfo).port);
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

/** Resolves once Caddy completes a TLS handshake for `host` with a certificate its own CA signed. */
async function waitForTls(host: string, port: number, rootCert: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Caddy exited (${child.exitCode}):\n${output()}`);
    if (existsSync(rootCert)) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port, servername: host, ca: readFileSync(rootCert) }, () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (ok) return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Caddy did not serve TLS for ${host} on port ${port} within 30 s:\n${output()}`);
}

export async function startCaddy(options: {
  host: string;
  adminHost: string;
  httpsPort: number;
  httpPort: number;
  /** host:port of the server, e.g. [::1]:8080 */
  upstream: string;
}): Promise<RunningCaddy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-caddy-'));
  const storage = path.join(dir, 'data');
  const config = path.join(dir, 'Caddyfile');
  // The site block is docs/deploy.md's (both names in one block: one certificate each); the global options keep this Caddy to itself: its CA and state in a
  // temporary folder, nothing installed into the system's trust store, no admin endpoint, only 127.0.0.1.
  writeFileSync(
    config,
    `{
	admin off
	storage file_system ${storage}
	local_certs
	skip_install_trust
	auto_https disable_redirects
	http_port ${options.httpPort}
	https_port ${options.httpsPort}
}

${options.host}:${options.httpsPort}, ${options.adminHost}:${options.httpsPort} {
	bind 127.0.0.1
	tls internal
	@compressible not path /api/admin/events
	encode @compressible zstd gzip
	reverse_proxy ${options.upstream}
}
`,
  );
  const child = spawn(caddyPath(), ['run', '--config', config, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: storage, XDG_CONFIG_HOME: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const authority = path.join(storage, 'pki', 'authorities', 'local');
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const host of [options.host, options.adminHost])
      await waitForTls(host, options.httpsPort, path.join(authority, 'root.crt'), child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin: `https://${options.host}:${options.httpsPort}`,
    adminOrigin: `https://${options.adminHost}:${options.httpsPort}`,
    caSpkiHashes: ['root.crt', 'intermediate.crt'].map((f) => spkiHash(readFileSync(path.join(authority, f), 'utf8'))),
    output: () => log,
    stop,
  };
}

// `npm run deploy -- ...` (cli/deploy.ts): deploys a remote's build to a running site, from a team's own CI or
// machine, over the deploy API with that remote's token (docs/deploy.md, "Deploying a remote on its own").
//
//   npm run deploy -- <remote> [build-dir]          pack, upload (the site gates it), and make it live
//   npm run deploy -- rollback <remote> [version]   make an earlier version live (default: the one before)
//   npm run deploy -- versions <remote>             list the kept versions and which one is live
//
// STUDIO_URL names the site (https://, or http:// to this machine only: the token is never sent in clear over a
// network), STUDIO_DEPLOY_TOKEN is the remote's token (`npm run admin -- deploy-token <remote>`),
// STUDIO_DEPLOYER (optional) who deploys, shown in the admin's Deployments view.
import { existsSync, statSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { c as tarCreate } from 'tar';
import { BUILD_OUTPUT_DEPLOYER } from '../features/deploys/build-output-version';
import { REMOTE_NAMES, isRemoteName } from '../features/deploys/remote-names';

/** The hosts a deploy token may travel to over plain http: this machine only. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why the token must not be sent to `site`, or undefined when it may: it travels in clear over http, so only to this
 * machine; anything else needs https.
 */
export function insecureSiteProblem(site: string): string | undefined {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    return `STUDIO_URL is not an address: ${site}`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  if (url.protocol === 'http:') {
    return `STUDIO_URL is ${site}: the deploy token would travel in clear over http. Use the site's https:// address (plain http is only for localhost, 127.0.0.1 and ::1). Nothing was sent.`;
  }
  return `STUDIO_URL must be an https:// address (it is ${site}). Nothing was sent.`;
}

export const DEPLOY_USAGE = [
  'Usage:',
  '  npm run deploy -- <remote> [build-dir]          upload a build of public-site or admin-app and make it live',
  '  npm run deploy -- rollback <remote> [version]   make an earlier version live (default: the one live before)',
  '  npm run deploy -- versions <remote>             list the kept versions',
  '',
  "Environment: STUDIO_URL (the site, e.g. https://ava-monroe.com), STUDIO_DEPLOY_TOKEN (the remote's deploy token,",
  'from `npm run admin -- deploy-token <remote>`), STUDIO_DEPLOYER (optional: who deploys, for the history).',
].join('\n');

export interface DeployContext {
  env: NodeJS.ProcessEnv;
  /** The repository's root: the default build folder is <root>/<remote>/dist. */
  repoRoot: string;
  print: (line: string) => void;
  fetch?: typeof fetch;
}

interface ApiError {
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function pack(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // portable: no owner names or ids of the build machine in the archive.
  for await (const chunk of tarCreate({ gzip: true, cwd: dir, portable: true }, readdirSync(dir))) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function deployerName(env: NodeJS.ProcessEnv): string {
  const given = env.STUDIO_DEPLOYER?.trim();
  if (given) return given.slice(0, 100);
  try {
    return `${os.userInfo().username}@${os.hostname()}`.slice(0, 100);
  } catch {
    return os.hostname().slice(0, 100);
  }
}

/** Runs one command; answers the process exit code. */
export async function runDeployCommand(args: readonly string[], context: DeployContext): Promise<number> {
  const { env, print } = context;
  const doFetch = context.fetch ?? fetch;
  const [first, second, third, ...extra] = args;
  const mode = first === 'rollback' || first === 'versions' ? first : 'deploy';
  const remote = mode === 'deploy' ? first : second;
  if (!remote || extra.length > 0 || (mode === 'versions' && third) || (mode === 'deploy' && third)) {
    print(DEPLOY_USAGE);
    return 2;
  }
  if (!isRemoteName(remote)) {
    print(`There is no remote called ${remote}: it is ${REMOTE_NAMES.join(' or ')}.`);
    return 2;
  }
  const site = env.STUDIO_URL?.trim().replace(/\/$/, '');
  const token = env.STUDIO_DEPLOY_TOKEN?.trim();
  if (!site || !token) {
    print(
      `Set ${!site ? 'STUDIO_URL (the site to deploy to)' : "STUDIO_DEPLOY_TOKEN (the remote's deploy token)"} first.`,
    );
    print(DEPLOY_USAGE);
    return 2;
  }
  const insecure = insecureSiteProblem(site);
  if (insecure) {
    print(insecure);
    return 2;
  }
  const by = deployerName(env);
  const headers = { authorization: `Bearer ${token}`, 'x-studio-deployer': by };
  const api = `${site}/api/deploy/${remote}`;

  const call = async (url: string, init: RequestInit): Promise<{ ok: boolean; status: number; body: unknown }> => {
    let res: Response;
    try {
      res = await doFetch(url, init);
    } catch (error) {
      throw new Error(`${site} could not be reached: ${unreachableReason(error)}`, { cause: error });
    }
    const body: unknown = await res.json().catch(() => ({}));
    return { ok: res.ok, status: res.status, body };
  };
  const refused = (what: string, status: number, body: unknown) => {
    const error = body as ApiError;
    print(`${what} was refused (${status}): ${error.message?.split('\n')[0] ?? 'no reason given'}`);
    for (const problem of error.fieldErrors?.gate ?? []) print(`  - ${problem}`);
    return 1;
  };
  const switchTo = async (version: string | undefined, kind: 'deploy' | 'rollback') => {
    const res = await call(`${api}/live`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(version ? { version } : {}), by, kind }),
    });
    if (!res.ok) return refused(kind === 'deploy' ? 'Going live' : 'The rollback', res.status, res.body);
    const record = res.body as { fromVersion: string | null; toVersion: string };
    // The build output is kept as a version at the first deploy (features/deploys/remote-deploys.ts): named as such.
    const builtOutput = new Set<string>();
    const listed = await call(`${api}/versions`, { headers }).catch(() => undefined);
    if (listed?.ok) {
      for (const v of (listed.body as { versions?: Array<{ version: string; deployedBy: string }> }).versions ?? []) {
        if (v.deployedBy === BUILD_OUTPUT_DEPLOYER) builtOutput.add(v.version);
      }
    }
    const named = (version: string | null) =>
      version === null ? 'the build output' : builtOutput.has(version) ? 'the build output' : version;
    const to = builtOutput.has(record.toVersion) ? `the build output (${record.toVersion})` : record.toVersion;
    print(
      record.fromVersion === record.toVersion
        ? `${remote} ${to} was already live: nothing changed.`
        : `${remote} ${to} is live (was ${named(record.fromVersion)}). New page loads get it; open pages keep the version they loaded.`,
    );
    if (kind === 'deploy' && record.fromVersion && record.fromVersion !== record.toVersion) {
      print(`To go back: npm run deploy -- rollback ${remote}`);
    }
    return 0;
  };

  try {
    if (mode === 'versions') {
      const res = await call(`${api}/versions`, { headers });
      if (!res.ok) return refused('Listing the versions', res.status, res.body);
      const list = res.body as {
        live: string | null;
        versions: Array<{ version: string; createdAt: string; deployedBy: string; live: boolean; missing: boolean }>;
      };
      if (list.versions.length === 0) print(`${remote} has no deployed versions: its build output is live.`);
      for (const v of list.versions) {
        const state = v.live ? '  (live)' : v.missing ? '  (files missing: deploy it again to use it)' : '';
        print(`${v.live ? '*' : ' '} ${v.version}  ${v.createdAt}  ${v.deployedBy}${state}`);
      }
      if (list.versions.length > 0 && list.live === null) print(`No deployed version is live: the build output is.`);
      return 0;
    }
    if (mode === 'rollback') return await switchTo(third, 'rollback');

    const dir = path.resolve(second ?? path.join(context.repoRoot, remote, 'dist'));
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      print(`There is no build folder at ${dir}: build the remote first (npm run build).`);
      return 1;
    }
    if (!existsSync(path.join(dir, 'mf-manifest.json'))) {
      print(`${dir} has no mf-manifest.json: is it a remote's build folder?`);
      return 1;
    }
    const archive = await pack(dir);
    print(`Uploading ${remote} from ${dir} (${kb(archive.length)} packed) to ${site} ...`);
    const uploaded = await call(`${api}/versions`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/gzip' },
      body: new Uint8Array(archive),
    });
    if (!uploaded.ok) return refused('The upload', uploaded.status, uploaded.body);
    const version = uploaded.body as { version: string; created: boolean; files: number; bytes: number };
    print(
      version.created
        ? `Version ${version.version} passed the compatibility gate and is kept (${version.files} files, ${kb(version.bytes)}).`
        : `Version ${version.version} was uploaded before (the same build): it is kept once.`,
    );
    return await switchTo(version.version, 'deploy');
  } catch (error) {
    print((error as Error).message);
    return 1;
  }
}

/**
 * Why a request never got an answer, in words a host can act on. Node's fetch says only "fetch failed" and keeps the
 * reason (refused, unknown host, certificate, timeout) in its cause.
 */
export function unreachableReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  const known: Record<string, string> = {
    ECONNREFUSED: 'nothing answers at that address and port (is the server running?)',
    ENOTFOUND: 'that host name is not known (check STUDIO_URL)',
    EAI_AGAIN: 'the host name could not be looked up (no network or DNS?)',
    ECONNRESET: 'the connection was closed while the request was sent',
    ETIMEDOUT: 'the connection timed out',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
    CERT_HAS_EXPIRED: "the site's certificate has expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "the site's certificate is self-signed and not trusted here",
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the site's certificate could not be verified",
    SELF_SIGNED_CERT_IN_CHAIN: "the site's certificate chain is not trusted here",
  };
  if (known[code]) return `${known[code]} (${code})`;
  if (cause?.message) return code ? `${cause.message} (${code})` : cause.message;
  return (error as Error).message;
}

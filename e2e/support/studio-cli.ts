// The compiled command-line tools (`npm run deploy`, `npm run admin`) as an operator runs them against a test server:
// the environment names the server and the token, and what the tool printed is returned.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server';

const run = promisify(execFile);

export async function studioCli(script: 'deploy' | 'admin', args: string[], env: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'server', 'dist', 'cli', `${script}.js`), ...args],
    { cwd: REPO_ROOT, env: { ...process.env, ...env } },
  );
  return stdout;
}

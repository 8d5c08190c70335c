// Listens and shuts down gracefully; everything else is in app.ts. The process holds DATA_DIR for its whole life
// (ops/data-lock.ts), so a restore refuses to run under it.
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { optionsFromEnv } from './config';
import { lockDataDir } from './ops/data-lock';
import { currentRelease, releaseName } from './ops/release';

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const options = optionsFromEnv();
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(options.dataDir, 'server');
  process.on('exit', unlock);
  const app = await buildApp(options);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port, host });
  const release = currentRelease();
  app.log.info(
    { version: releaseName(release) },
    `Studio ${releaseName(release)} is running on ${options.publicOrigin}`,
  );
  // Never the address nor a link in the log: only where a newcomer finds her sign-in link on this machine.
  if (app.hasRoute({ method: 'GET', url: '/api/dev/outbox' }))
    app.log.info(`Sign-in links go to the local outbox: ${options.publicOrigin}/api/dev/outbox`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

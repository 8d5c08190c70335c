// One instance of the app function, in a process of its own, for a test to kill: the function's own code
// (firebase/functions/src/studio-app.ts: appInstance, the app on the project's Firestore) listening on 127.0.0.1. It
// prints `listening <port>` once it answers. The environment names the project, the emulators and the origins.
import { appInstance } from '../../functions/src/studio-app';

void (async () => {
  const app = await appInstance();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
})().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

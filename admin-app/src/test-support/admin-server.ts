// The dashboard's tests: this worker's real server (shared/src/test-support/studio-server.ts) holding the seed, and
// an http adapter signed in as the admin the product's way (her e-mail link from the outbox).
import type { Backend } from '@studio/shared/backend';
import { studioServer, type StudioSeed, type StudioServer } from '@studio/shared/test-support/studio-server';

export async function adminServer(seed: StudioSeed = {}): Promise<{ server: StudioServer; backend: Backend }> {
  const server = await studioServer(seed);
  const backend = server.backend();
  await server.signInAsAdmin(backend);
  return { server, backend };
}

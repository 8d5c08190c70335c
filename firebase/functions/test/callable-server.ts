// Serves the deployed callables over HTTP, as the Functions emulator serves them, for the emulator tests (started by
// emulator-support.ts, in a process of its own like a function instance). It loads lib/index.js, the bundle that
// `firebase deploy` uploads (firebase/scripts/test-emulators.mjs builds it first with the functions' build script).
// Same environment as the Functions emulator gives a function (FUNCTIONS_EMULATOR, and the debug features that
// decode tokens without Google's keys, which this machine cannot fetch); same protocol, POST /<project>/<region>/<name>
// with { data }. Prints "listening <port>" once it accepts calls.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';

const project = process.env.GCLOUD_PROJECT ?? '';

type Handler = (req: express.Request, res: express.Response) => void | Promise<void>;

async function main() {
  const functions = (await import(path.join(__dirname, '..', 'lib', 'index.js'))) as Record<
    string,
    Handler | undefined
  >;
  const web = express();
  // As the Functions Framework configures its Express app when deployed, so request.rawRequest.ip means here what it
  // means there (the leftmost X-Forwarded-For entry).
  web.enable('trust proxy');
  web.use(express.json());
  web.post('/:project/:region/:name', (req, res) => {
    const handler = functions[req.params.name];
    if (req.params.project !== project || typeof handler !== 'function') {
      res.status(404).json({ error: { status: 'NOT_FOUND', message: 'No such function' } });
      return;
    }
    void handler(req, res);
  });
  const server = web.listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

void main();

// Which release the server runs: /api/health names it ("1.0.0+d859e24"). Its own module, imported only by
// the admin's dashboard footer, so no visitor's page carries it.
import { createRequester } from './request';

let request: ReturnType<typeof createRequester> | undefined;

/** The running release's name, as /api/health says it. */
export async function runningRelease(): Promise<string> {
  request ??= createRequester({ baseUrl: '' });
  return (await request<{ version: string }>('GET', '/api/health')).version;
}

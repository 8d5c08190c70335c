// Which way her upload goes and how it goes straight to storage, against scripted answers: the Firebase home's page
// (its runtime configuration carries `firebase`) sends every file through an upload session, any other page in the
// request; the session gets the file in 256 KiB-aligned chunks with their Content-Range, resumes from what the session
// kept after a cut, and the server is asked to process the bytes only once they are all there.
import { createHttpContent } from './content';
import { CHUNK_BYTES, sendToSession, uploadThroughStorage, uploadWayOf } from './media-upload';
import { createRequester } from './request';

function pageWith(config: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.id = 'studio-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify(config);
  doc.body.append(script);
  return doc;
}

const FIREBASE = { webConfig: { apiKey: 'k', authDomain: 'd', projectId: 'p' } };

describe('the way an upload goes', () => {
  test('straight to storage on the Firebase home, in the request on the embedded home and off a page', () => {
    expect(uploadWayOf(pageWith({ modelName: 'M', firebase: FIREBASE }))).toBe('storage');
    expect(uploadWayOf(pageWith({ modelName: 'M' }))).toBe('request');
    expect(uploadWayOf(document.implementation.createHTMLDocument('no config'))).toBe('request');
    expect(uploadWayOf(undefined)).toBe('request');
  });

  test('the content port sends the file in the request when this page is not the Firebase home’s', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body });
      return { status: 201, ok: true, json: async () => ({ id: 'x' }), headers: new Headers() } as Response;
    });
    const content = createHttpContent(
      createRequester({ baseUrl: '', fetch: fetch as unknown as typeof globalThis.fetch }),
    );
    await content.uploadMedia(new Blob(['abc'], { type: 'image/png' }), { alt: 'A', section: 'comp-card' });
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/media']);
    expect(calls[0]?.body).toBeInstanceOf(FormData);
  });
});

type Reply = { status: number; range?: string } | 'cut';

function scriptedSession(replies: Reply[]) {
  const puts: Array<{ range: string; bytes: number }> = [];
  const fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const sent = init?.headers as Record<string, string>;
    puts.push({ range: sent['Content-Range'] ?? '', bytes: (init?.body as Blob | undefined)?.size ?? 0 });
    const reply = replies.shift() ?? { status: 500 };
    if (reply === 'cut') throw new TypeError('fetch failed');
    // Read through get() alone (this realm's Headers drops a Range header, which a page may not send).
    const headers = { get: (name: string) => (name.toLowerCase() === 'range' ? (reply.range ?? null) : null) };
    return { status: reply.status, headers } as unknown as Response;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, puts };
}

describe('sending the bytes to the session', () => {
  test('in chunks of CHUNK_BYTES (a multiple of 256 KiB) with their Content-Range, the last one ending it', async () => {
    expect(CHUNK_BYTES % (256 * 1024)).toBe(0);
    const total = 2 * CHUNK_BYTES + 10;
    const session = scriptedSession([{ status: 308 }, { status: 308 }, { status: 200 }]);
    await sendToSession('https://storage.test/s', new Blob([new Uint8Array(total)]), session.fetch);
    expect(session.puts).toEqual([
      { range: `bytes 0-${CHUNK_BYTES - 1}/${total}`, bytes: CHUNK_BYTES },
      { range: `bytes ${CHUNK_BYTES}-${2 * CHUNK_BYTES - 1}/${total}`, bytes: CHUNK_BYTES },
      { range: `bytes ${2 * CHUNK_BYTES}-${total - 1}/${total}`, bytes: 10 },
    ]);
  });

  test('after a cut it asks the session what it kept and goes on from there', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const total = CHUNK_BYTES + 10;
      const session = scriptedSession(['cut', { status: 308, range: 'bytes=0-99' }, { status: 200 }]);
      await sendToSession('https://storage.test/s', new Blob([new Uint8Array(total)]), session.fetch);
      expect(session.puts.map((p) => p.range)).toEqual([
        `bytes 0-${CHUNK_BYTES - 1}/${total}`,
        `bytes */${total}`,
        `bytes 100-${total - 1}/${total}`,
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a refusal by the session fails the upload, and the server is not asked to process anything', async () => {
    const asked: string[] = [];
    const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      asked.push(`${init?.method} ${String(url)}`);
      if (String(url).startsWith('/api/admin/media/uploads'))
        return {
          status: 201,
          ok: true,
          headers: new Headers(),
          json: async () => ({ id: 'u1', url: 'https://storage.test/s' }),
        } as Response;
      return { status: 400, headers: new Headers() } as Response;
    }) as unknown as typeof globalThis.fetch;
    const request = createRequester({ baseUrl: '', fetch });
    const file = new Blob([new Uint8Array(10)], { type: 'video/mp4' });
    await expect(uploadThroughStorage(request, file, { alt: 'A', section: 'reels' }, fetch)).rejects.toMatchObject({
      name: 'BackendError',
    });
    expect(asked).toEqual(['POST /api/admin/media/uploads', 'PUT https://storage.test/s']);
  });
});

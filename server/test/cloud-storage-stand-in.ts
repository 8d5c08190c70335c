// A stand-in for the few Cloud Storage JSON API calls the media files make (firebase/README.md, Media): Google's Storage
// emulator cannot run on these machines (it downloads a rules runtime from a host they cannot reach), so the tests
// point the real @google-cloud/storage client (apiEndpoint) at this small HTTP server, which keeps objects in memory.
// The emulated Firebase home runs this same server as a process (firebase/scripts/storage-stand-in.mjs) and points the
// function's client at it with STORAGE_EMULATOR_HOST, as the Firebase CLI does for its Storage emulator: the client
// then sends the JSON API's calls to /b/... rather than /storage/v1/b/..., and both are answered.
// It answers as the API does where the client looks: the object resource with its size, generation, MD5 and CRC32C
// (the client checks its own hashes of an upload against them and deletes the object on a mismatch), 404s in the API's
// error shape, the ifGenerationMatch=0 precondition (412), media downloads with ranges and x-goog-hash, and lists by
// prefix with pages. Uploads come in one multipart/related request or as a resumable session (a POST, then PUTs, in
// chunks with a Content-Range or whole without one). A session holds what it was opened with as Cloud Storage does:
// X-Upload-Content-Length is the object's exact size (more bytes are refused and end the session; a session that
// stops short makes no object), and the Origin it was opened from is the one its CORS answers name.
// Anything else is answered 501 and recorded, so a call the client makes that this does not know fails the test.
import type { Bucket } from '@google-cloud/storage';
import { Storage } from '@google-cloud/storage';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  name: string;
  bytes: Buffer;
  contentType: string;
  generation: number;
  timeCreated: string;
}

export interface CloudStorageStandIn {
  /** http://127.0.0.1:<port>, for the client's apiEndpoint. */
  readonly url: string;
  readonly bucketName: string;
  /** The bucket's objects by name. */
  readonly objects: Map<string, StoredObject>;
  /** Every request, as "METHOD path?uploadType" (the kind of upload, not the whole query). */
  readonly requests: string[];
  /** Requests it did not understand (a test expects none). */
  readonly unknown: string[];
  /** A real client's bucket, talking to this server. */
  bucket(): Bucket;
  /** Refuses (403, as for a missing permission) each upload whose object name `refuse` returns true for. */
  refuseUploads(refuse: ((name: string) => boolean) | null): void;
  close(): Promise<void>;
}

// CRC32C (Castagnoli), as Cloud Storage reports it: the big-endian checksum in base64.
const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  return c >>> 0;
});
function crc32c(bytes: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The parts of a multipart/related body: each part's headers (lower-case names) and bytes. */
function multipartParts(body: Buffer, contentType: string): Array<{ headers: Record<string, string>; bytes: Buffer }> {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Array<{ headers: Record<string, string>; bytes: Buffer }> = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Between the delimiter's line break and the line break before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, split).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, bytes: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

/** The values of an x-goog-hash header ("crc32c=...,md5=..."). */
const googHashes = (header: string | string[] | undefined): Record<string, string> =>
  Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

export interface CloudStorageStandInOptions {
  /** Told each request as it is recorded, and each it did not understand (a process running it logs them). */
  onRequest?: (line: string, understood: boolean) => void;
}

export async function startCloudStorageStandIn(
  bucketName = 'studio-test.appspot.com',
  { onRequest }: CloudStorageStandInOptions = {},
): Promise<CloudStorageStandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const unknown: string[] = [];
  const sessions = new Map<
    string,
    {
      name: string;
      contentType: string;
      ifGenerationMatch: string | null;
      data: Buffer[];
      /** X-Upload-Content-Length, when the session was opened with one. */
      length: number | null;
      origin: string | null;
    }
  >();
  let refuse: ((name: string) => boolean) | null = null;
  let generation = 1_700_000_000_000_000;
  let url = '';

  const resource = (object: StoredObject) => ({
    kind: 'storage#object',
    id: `${bucketName}/${object.name}/${object.generation}`,
    selfLink: `${url}/storage/v1/b/${bucketName}/o/${encodeURIComponent(object.name)}`,
    name: object.name,
    bucket: bucketName,
    generation: String(object.generation),
    metageneration: '1',
    contentType: object.contentType,
    storageClass: 'STANDARD',
    size: String(object.bytes.length),
    md5Hash: md5(object.bytes),
    crc32c: crc32c(object.bytes),
    etag: `C${object.generation}`,
    timeCreated: object.timeCreated,
    updated: object.timeCreated,
  });

  const send = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    response.writeHead(status, {
      ...(text && { 'content-type': 'application/json; charset=UTF-8' }),
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    response.end(text);
  };
  const error = (response: ServerResponse, code: number, reason: string, message: string) =>
    send(response, code, { error: { code, message, errors: [{ domain: 'global', reason, message }] } });

  /** Stores an upload's bytes under the API's rules; answers the object or sends the refusal and answers null. */
  const store = (
    response: ServerResponse,
    upload: {
      name: string;
      contentType: string;
      ifGenerationMatch: string | null;
      bytes: Buffer;
      hashes: Record<string, string>;
    },
  ): StoredObject | null => {
    if (upload.ifGenerationMatch === '0' && objects.has(upload.name)) {
      error(response, 412, 'conditionNotMet', 'At least one of the pre-conditions you specified did not hold.');
      return null;
    }
    const { crc32c: sentCrc, md5: sentMd5 } = upload.hashes;
    if ((sentCrc && sentCrc !== crc32c(upload.bytes)) || (sentMd5 && sentMd5 !== md5(upload.bytes))) {
      error(response, 400, 'invalid', 'Provided checksum does not match the data.');
      return null;
    }
    generation += 1;
    const object = {
      name: upload.name,
      bytes: upload.bytes,
      contentType: upload.contentType,
      generation,
      timeCreated: new Date().toISOString(),
    };
    objects.set(object.name, object);
    return object;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const address = new URL(request.url ?? '/', url);
    // STORAGE_EMULATOR_HOST is the client's base URL of the JSON API as it is, without the /storage/v1 it adds to an
    // apiEndpoint (uploads keep their /upload/storage/v1 either way).
    if (address.pathname.startsWith('/b/')) address.pathname = `/storage/v1${address.pathname}`;
    const method = request.method ?? 'GET';
    const uploadType = address.searchParams.get('uploadType');
    const line = `${method} ${address.pathname}${uploadType ? `?uploadType=${uploadType}` : ''}`;
    requests.push(line);
    onRequest?.(line, true);
    const uploadPath = `/upload/storage/v1/b/${bucketName}/o`;
    const objectsPath = `/storage/v1/b/${bucketName}/o`;

    if (method === 'POST' && address.pathname === uploadPath && uploadType === 'multipart') {
      const [meta, media] = multipartParts(await readBody(request), request.headers['content-type'] ?? '');
      const metadata = JSON.parse(meta?.bytes.toString('utf8') ?? '{}') as { name?: string; contentType?: string };
      const name = address.searchParams.get('name') ?? metadata.name ?? '';
      if (refuse?.(name)) return error(response, 403, 'forbidden', `The stand-in refuses ${name}.`);
      const object = store(response, {
        name,
        contentType: metadata.contentType ?? media?.headers['content-type'] ?? 'application/octet-stream',
        ifGenerationMatch: address.searchParams.get('ifGenerationMatch'),
        bytes: media?.bytes ?? Buffer.alloc(0),
        hashes: googHashes(request.headers['x-goog-hash']),
      });
      if (object) send(response, 200, resource(object));
      return;
    }

    if (method === 'POST' && address.pathname === uploadPath && uploadType === 'resumable') {
      const metadata = JSON.parse((await readBody(request)).toString('utf8') || '{}') as {
        name?: string;
        contentType?: string;
      };
      const name = address.searchParams.get('name') ?? metadata.name ?? '';
      if (refuse?.(name)) return error(response, 403, 'forbidden', `The stand-in refuses ${name}.`);
      const id = randomUUID();
      sessions.set(id, {
        name,
        contentType: String(
          request.headers['x-upload-content-type'] ?? metadata.contentType ?? 'application/octet-stream',
        ),
        ifGenerationMatch: address.searchParams.get('ifGenerationMatch'),
        data: [],
        length: request.headers['x-upload-content-length'] ? Number(request.headers['x-upload-content-length']) : null,
        origin: request.headers.origin ?? null,
      });
      return send(response, 200, undefined, { location: `${url}${uploadPath}?uploadType=resumable&upload_id=${id}` });
    }

    const sessionId = address.searchParams.get('upload_id') ?? '';
    if (address.pathname === uploadPath && sessions.has(sessionId) && (method === 'OPTIONS' || method === 'PUT')) {
      const session = sessions.get(sessionId) as NonNullable<ReturnType<typeof sessions.get>>;
      // A browser's request to the session: answered cross-origin for the page that opened it, and no other.
      const cors: Record<string, string> =
        session.origin && request.headers.origin === session.origin
          ? { 'access-control-allow-origin': session.origin, 'access-control-expose-headers': 'range' }
          : {};
      if (method === 'OPTIONS') {
        const preflight: Record<string, string> = cors['access-control-allow-origin']
          ? { 'access-control-allow-methods': 'PUT', 'access-control-allow-headers': 'content-range, content-type' }
          : {};
        return send(response, 200, undefined, { ...cors, ...preflight });
      }
      const body = await readBody(request);
      // "bytes <first>-<last>/<total>", "bytes <first>-*/<total|*>" (the rest in this request) or "bytes */<total|*>"
      // (a query); none at all is the whole file in this one request.
      const header = request.headers['content-range'];
      const range = header
        ? /^bytes (\*|(\d+)-(\d+|\*))\/(\d+|\*)$/.exec(String(header))
        : ['', '', '0', '*', String(body.length)];
      if (!range) return error(response, 400, 'invalid', 'Bad Content-Range.');
      session.data.push(body);
      const received = session.data.reduce((sum, chunk) => sum + chunk.length, 0);
      const total = range[4] === '*' ? null : Number(range[4]);
      if (session.length !== null && (received > session.length || (total !== null && total !== session.length))) {
        sessions.delete(sessionId);
        return send(
          response,
          400,
          { error: { code: 400, message: 'The upload exceeds the declared X-Upload-Content-Length.' } },
          cors,
        );
      }
      // Without a total, the request that sends "the rest" ends the upload; with one, the byte that reaches it does.
      const done = total === null ? range[3] === '*' : received >= total;
      if (!done) {
        return send(response, 308, undefined, {
          ...cors,
          ...(received > 0 ? { range: `bytes=0-${received - 1}` } : {}),
        });
      }
      sessions.delete(sessionId);
      if (session.length !== null && received !== session.length) {
        return send(response, 400, { error: { code: 400, message: 'The upload is shorter than declared.' } }, cors);
      }
      const object = store(response, {
        name: session.name,
        contentType: session.contentType,
        ifGenerationMatch: session.ifGenerationMatch,
        bytes: Buffer.concat(session.data),
        hashes: googHashes(request.headers['x-goog-hash']),
      });
      if (object) send(response, 200, resource(object), cors);
      return;
    }
    if (method === 'PUT' && address.pathname === uploadPath && sessionId) {
      return error(response, 404, 'notFound', 'No such upload session.');
    }

    if (address.pathname.startsWith(`${objectsPath}/`)) {
      const name = decodeURIComponent(address.pathname.slice(objectsPath.length + 1));
      const object = objects.get(name);
      if (!object) return error(response, 404, 'notFound', `No such object: ${bucketName}/${name}`);
      if (method === 'DELETE') {
        objects.delete(name);
        return send(response, 204);
      }
      if (method === 'GET' && address.searchParams.get('alt') === 'media') {
        const size = object.bytes.length;
        const match = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
        const headers = {
          'content-type': object.contentType,
          'x-goog-generation': String(object.generation),
          'x-goog-stored-content-encoding': 'identity',
          'x-goog-stored-content-length': String(size),
        };
        if (!match) {
          response.writeHead(200, {
            ...headers,
            'content-length': String(size),
            'x-goog-hash': `crc32c=${crc32c(object.bytes)},md5=${md5(object.bytes)}`,
          });
          return response.end(object.bytes);
        }
        const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
        const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
        if (start >= size) return error(response, 416, 'requestedRangeNotSatisfiable', 'Range not satisfiable.');
        response.writeHead(206, {
          ...headers,
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${size}`,
        });
        return response.end(object.bytes.subarray(start, end + 1));
      }
      if (method === 'GET') return send(response, 200, resource(object));
    }

    if (method === 'GET' && address.pathname === objectsPath) {
      const prefix = address.searchParams.get('prefix') ?? '';
      const pageSize = Number(address.searchParams.get('maxResults') ?? 1000);
      const after = address.searchParams.get('pageToken') ?? '';
      const names = [...objects.keys()].filter((name) => name.startsWith(prefix) && name > after).sort();
      const page = names.slice(0, pageSize);
      const more = names.length > page.length;
      return send(response, 200, {
        kind: 'storage#objects',
        items: page.map((name) => resource(objects.get(name) as StoredObject)),
        ...(more && { nextPageToken: page[page.length - 1] }),
      });
    }

    unknown.push(`${method} ${request.url}`);
    onRequest?.(`${method} ${request.url}`, false);
    return error(response, 501, 'notImplemented', `The stand-in does not answer ${method} ${address.pathname}.`);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      unknown.push(`${request.method} ${request.url}: ${String(failure)}`);
      onRequest?.(`${request.method} ${request.url}: ${String(failure)}`, false);
      if (!response.headersSent) error(response, 500, 'backendError', String(failure));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    bucketName,
    objects,
    requests,
    unknown,
    bucket: () =>
      // No credentials: with a custom endpoint the client sends none unless told to (useAuthWithCustomEndpoint).
      new Storage({ apiEndpoint: url, projectId: 'studio-test' }).bucket(bucketName),
    refuseUploads(next) {
      refuse = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((failure) => (failure ? reject(failure) : resolve()));
      }),
  };
}

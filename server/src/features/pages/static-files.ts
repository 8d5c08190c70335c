// Serves the shell at '/', each remote under its own path, demo media and the admin's uploads under /media, and the
// shell's index.html made into each client route's page (shell-page.ts).
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, MediaFiles } from '../media';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PlainFormPost } from '@studio/shared/domain/plain-form';
import { sendError } from '../../platform/http/errors';
import type { ResponsiveImages } from '../content';
import { COMPRESS_MIN_BYTES, compressPage, pageEncodingFor } from './compress-html';
import { createShellPages, type RemoteLocations, type ShellPageOptions } from './shell-page';

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png|jpe?g|webp|avif)$/;
/**
 * The speculation rules of a server-rendered public page (quick moves between pages with no client router): its
 * links are plain page loads, prerendered when the visitor is about to follow one (a hover or a touch), so moving
 * between pages needs no script. Sent as a file the page's header names, not inline: the CSP allows no inline script.
 * Only the public site's pages: the admin, the sign-in link's page, the API and files are never prerendered (a GET
 * there may spend or read something).
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
export const SPECULATION_RULES = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: [
                '/admin',
                '/admin/*',
                '/finishSignIn',
                '/manage-booking',
                '/api/*',
                '/media/*',
                '/remotes/*',
              ],
            },
          },
          { not: { selector_matches: '[rel~=nofollow], [download]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

// preCompressed serves `name.js.br` / `name.js.gz` in place of `name.js`: judge the name without that suffix.
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

export const NOT_FOUND = 'Not found.';
export const RANGE_NOT_SATISFIABLE = 'The requested range is outside the file.';
// An unknown API path is named in the answer, but a path of any length is not echoed back whole.
const MAX_ECHOED_PATH = 200;
const shortened = (url: string) => (url.length > MAX_ECHOED_PATH ? `${url.slice(0, MAX_ECHOED_PATH)}…` : url);

// The admin's uploads (src/features/media/media-store.ts): a folder per upload id, written once and never changed (a
// replaced photo is a new upload with a new id), so its files can be kept by browsers like hashed chunks.
const UPLOADED = /[\\/]media[\\/]uploads[\\/][0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[\\/][^\\/]+$/;

export function cacheControlFor(file: string): string {
  // Content-hashed chunks and uploads never change; entries, manifests and other media are revalidated on every load.
  const name = file.replace(PRECOMPRESSED_SUFFIX, '');
  return HASHED.test(name) || UPLOADED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function setCacheHeaders(reply: { header(name: string, value: string): unknown }, file: string) {
  reply.header('Cache-Control', cacheControlFor(file));
}

export interface StaticFilesOptions extends ShellPageOptions {
  /** Where the admin's uploads are kept: on disk they are served with the other media, from a bucket by a route. */
  mediaFiles?: Pick<MediaFiles, 'kind' | 'stat' | 'open'>;
  /** The demo images' responsive copies, rendered on first request when not rendered yet. */
  images?: Pick<ResponsiveImages, 'ensure'>;
}

/**
 * A single `bytes=` range of a file of `size` bytes: null to send it whole (no range, or several: allowed by RFC 9110),
 * 'unsatisfiable' when it starts past the end.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * The admin's uploads when a bucket keeps them (features/media/cloud-storage-media-files.ts): streamed through the server, one
 * origin for the whole site, with the headers the disk's copies get from @fastify/static (the year-long immutable
 * Cache-Control, so Hosting's CDN and browsers keep them; Last-Modified; ranges, which video players ask for) and the
 * object's MD5 as its ETag. A redirect to a signed URL would cost every image a second request to another origin and
 * could not be cached past the URL's expiry (firebase/README.md, Media). Only `media/uploads/` objects are reachable:
 * the id and the name are checked against the pipeline's patterns before the bucket is asked.
 */
function serveBucketMedia(app: FastifyInstance, files: Pick<MediaFiles, 'stat' | 'open'>) {
  app.get<{ Params: { id: string; file: string } }>('/media/uploads/:id/:file', async (request, reply) => {
    const { id, file } = request.params;
    const info = await files.stat(id, file);
    if (!info) return sendError(reply, 404, NOT_FOUND);
    reply
      .header('Cache-Control', cacheControlFor(`/media/uploads/${id}/${file}`))
      .header('Accept-Ranges', 'bytes')
      .header('Last-Modified', info.modified.toUTCString());
    if (info.etag) {
      reply.header('ETag', info.etag);
      if (request.headers['if-none-match'] === info.etag) return reply.code(304).send();
    }
    const range = byteRangeOf(request.headers.range, info.bytes);
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${info.bytes}`);
      return sendError(reply, 416, RANGE_NOT_SATISFIABLE);
    }
    reply.type(info.contentType);
    if (range)
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${info.bytes}`)
        .header('Content-Length', range.end - range.start + 1);
    else reply.header('Content-Length', info.bytes);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(files.open(id, file, range ?? undefined));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The page at an address rendered with the answer to a form posted there without JavaScript. */
    renderPostedPage(url: string, formPost: PlainFormPost): Promise<{ status: number; html: string } | null>;
  }
}

async function staticFiles(app: FastifyInstance, { mediaFiles, images, ...pages }: StaticFilesOptions) {
  const { options } = pages;
  const pageFor = createShellPages(pages);

  // An address the route registry does not know, or a route whose content does not exist, gets the same page (which
  // shows the site's not-found screen) with a 404, so search engines and link checkers see what a visitor sees.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, url = '/') => {
    const page = await pageFor(url);
    if (!page) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The site has not been built yet. Run `npm run build` (or `npm start`, which builds first).');
    }
    if (page.islands) reply.header('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
    reply.code(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    reply.header('Vary', 'Accept-Encoding');
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    if (encoding === 'identity' || Buffer.byteLength(page.html) < COMPRESS_MIN_BYTES) return reply.send(page.html);
    return reply.header('Content-Encoding', encoding).send(await compressPage(page.html, encoding));
  };

  app.decorate('renderShellPage', (url: string, remotes: RemoteLocations) => pageFor(url, remotes));
  // The answer to a form posted without JavaScript (features/bookings/bookings.routes.ts): the page at `url`, showing what happened.
  app.decorate('renderPostedPage', (url: string, formPost: PlainFormPost) => pageFor(url, undefined, formPost));

  app.get(SPECULATION_RULES_PATH, (_request, reply) =>
    reply
      .type('application/speculationrules+json')
      .header('Cache-Control', 'public, max-age=3600')
      .send(JSON.stringify(SPECULATION_RULES)),
  );
  app.get('/', (request, reply) => sendIndex(request, reply, request.url));
  app.get('/index.html', (request, reply) => sendIndex(request, reply));

  const mediaDir = path.join(options.dataDir, 'media');
  if (images) {
    // A responsive copy not rendered yet is rendered now (once) rather than answered with a 404.
    app.get('/media/responsive/*', async (request, reply) => {
      const url = decodeURIComponent(request.url.split('?')[0] ?? '');
      if (url.includes('..') || !(await images.ensure(url))) {
        return sendError(reply, 404, NOT_FOUND);
      }
      return reply.sendFile(url.replace(/^\/media\//, ''), mediaDir);
    });
  }

  // More specific than the /media/ mount below, so the router sends uploads here and the rest of /media to the folder.
  if (mediaFiles && mediaFiles.kind !== 'disk') serveBucketMedia(app, mediaFiles);

  const mounts: Array<{ root: string; prefix: string }> = [
    { root: options.shellDir, prefix: '/' },
    { root: options.remotes['public-site'].dir, prefix: options.remotes['public-site'].urlPath },
    { root: options.remotes['admin-app'].dir, prefix: options.remotes['admin-app'].urlPath },
    { root: mediaDir, prefix: '/media/' },
  ];
  for (const [i, { root, prefix }] of mounts.entries()) {
    if (!existsSync(root)) app.log.warn({ root }, 'static folder missing; run `npm run build`');
    await app.register(fastifyStatic, {
      root,
      prefix,
      index: false,
      decorateReply: i === 0,
      wildcard: true,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api')
      return sendError(reply, 404, `No API route ${request.method} ${shortened(url)}.`);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/remotes/') &&
      !url.startsWith('/media/') &&
      !path.extname(url);
    // With its query: a page reads it (?selectedService=, ?show=), and the server renders what the browser will.
    if (isPage) return sendIndex(request, reply, request.url);
    return sendError(reply, 404, NOT_FOUND);
  });
}

// Not encapsulated: the not-found handler it sets is the whole site's.
export default fp(staticFiles, { name: 'static-files' });

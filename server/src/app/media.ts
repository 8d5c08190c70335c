// The admin's uploads and the demo's responsive images: the media the composition root sets up.
import type { FastifyInstance } from 'fastify';
import { setPriority } from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { childScript } from '../platform/server-root';
import type { AppOptions } from '../platform/config';
import type { MediaFiles } from '../features/media/media-files';
import { createMediaStore, type MediaStore } from '../features/media/media-store';
import type { Storage } from './storage';

/**
 * The admin's uploads (features/media): the store, with its leftovers of an interrupted upload swept. Its sharp work runs in
 * a child process per upload: compiled, dist/features/media/process-media.js under this bundle's folder; under tsx or ts-jest, the
 * TypeScript source. On disk the sweep is done before the app takes requests (it reads two folders); a bucket's is
 * listed in the background, so an instance's cold start does not wait on it.
 */
export async function createMedia(
  app: FastifyInstance,
  storage: Storage,
  options: AppOptions,
  files: MediaFiles,
): Promise<MediaStore> {
  const store = createMediaStore({
    dataDir: options.dataDir,
    files,
    workerFile: childScript('features', 'media', 'process-media'),
    repo: storage.media,
    now: options.now,
    log: app.log,
  });
  const sweep = store.sweep().then(
    ({ removed }) => {
      if (removed > 0) app.log.info({ removed }, 'removed the leftovers of interrupted uploads');
    },
    (error: unknown) => app.log.warn({ err: error }, 'the leftovers of interrupted uploads could not be swept'),
  );
  if (files.kind === 'disk') await sweep;
  else app.addHook('onClose', async () => sweep);
  return store;
}

/** Renders the demo images' responsive copies in a child process once the server listens (never delaying it). */
export function renderDemoImagesAfterListen(app: FastifyInstance, mediaDir: string) {
  let renderer: ChildProcess | undefined;
  app.addHook('onListen', async () => {
    // Compiled, the renderer is dist/features/content/seed/render-images.js; under tsx, its TypeScript source
    // (execArgv carries the loader the server itself runs under).
    // It ends with the server, even one killed with SIGKILL (render-images.ts: exitWithParent).
    renderer = fork(childScript('features', 'content', 'seed', 'render-images'), [mediaDir], {
      execArgv: process.execArgv,
      stdio: 'ignore',
    });
    // Below the server's priority: visitors' requests, and the start of the server itself, come before its encoding.
    try {
      if (renderer.pid !== undefined) setPriority(renderer.pid, 10);
    } catch {
      // Not permitted here (some containers): it then runs at the server's priority.
    }
    renderer.on('message', (result: { rendered: number; failed: string[]; ms: number }) => {
      if (result.rendered > 0) app.log.info(`rendered ${result.rendered} responsive images in ${result.ms} ms`);
      if (result.failed.length > 0)
        app.log.warn({ failed: result.failed }, 'some responsive images could not be rendered');
    });
    renderer.on('error', (error) => app.log.warn({ err: error }, 'responsive images could not be rendered'));
  });
  app.addHook('onClose', async () => {
    if (renderer && renderer.exitCode === null) renderer.kill('SIGTERM');
  });
}

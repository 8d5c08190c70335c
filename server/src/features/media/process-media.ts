// Child process of the server: processes one upload (process-image.ts, remux-video.ts) and reports, then exits. Forked
// per upload by media-store.ts so the image library's memory (hundreds of MB while encoding AVIF) is returned when it
// exits, and a decoder that crashes on a hostile file takes this process down, never the server.
import type { ImageFormat, VideoFormat } from './sniff';
import { MediaRefusal, loadSharp, processImage, processPoster, renderNeutralPoster } from './process-image';
import { makeServedVideo } from './remux-video';
import { exitWithParent } from '../../platform/exit-with-parent';

// An upload nobody waits for any more (the server was killed) is not worth minutes of encoding; remux-video.ts
// kills its ffmpeg as this process ends.
exitWithParent(() => process.exit(1));

export type MediaJob =
  | { task: 'image'; input: string; format: ImageFormat; outDir: string }
  | { task: 'poster'; input: string; format: ImageFormat; outDir: string }
  | { task: 'neutral-poster'; outDir: string }
  | { task: 'video'; input: string; format: VideoFormat; output: string; timeoutMs: number };

export type MediaJobAnswer =
  | { ok: true; result: unknown }
  | { ok: false; refusal: { status: number; message: string } }
  | { ok: false; error: string };

async function run(job: MediaJob): Promise<unknown> {
  if (job.task === 'video') return makeServedVideo(job.input, job.output, job.format, { timeoutMs: job.timeoutMs });
  const sharp = await loadSharp();
  if (job.task === 'image') return processImage(sharp, job.input, job.format, job.outDir);
  if (job.task === 'poster') return processPoster(sharp, job.input, job.format, job.outDir);
  return renderNeutralPoster(sharp, job.outDir);
}

const send = (answer: MediaJobAnswer) =>
  new Promise<void>((resolve) => {
    if (process.send) process.send(answer, () => resolve());
    else {
      console.log(JSON.stringify(answer));
      resolve();
    }
  });

const job = JSON.parse(process.argv[2] ?? '{}') as MediaJob;
run(job).then(
  async (result) => {
    await send({ ok: true, result });
    process.exit(0);
  },
  async (error: unknown) => {
    await send(
      error instanceof MediaRefusal
        ? { ok: false, refusal: { status: error.status, message: error.message } }
        : { ok: false, error: error instanceof Error ? error.message : String(error) },
    );
    process.exit(1);
  },
);

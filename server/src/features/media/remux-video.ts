// The video half of the upload pipeline (server/README.md, media), run in the upload's child process
// (process-media.ts). A phone's or an action camera's video says where it was filmed in many places: '©xyz' and
// Apple's location key in the movie's metadata, XMP in 'uuid' boxes at the top level or inside 'moov', GPS samples
// in a metadata track of their own (GoPro's 'gpmd'), chapters, the owner's name as a track's handler name. Blanking
// the boxes one knows of leaves the ones one does not, so the video is rewritten instead: ffmpeg copies the picture
// and sound streams (no re-encoding, so seconds for a 200 MB file and no loss) into a new file that holds nothing
// else. A file ffmpeg cannot rewrite is refused; the original never becomes public.
import { spawn } from 'node:child_process';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { MediaRefusal } from './process-image';
import type { VideoFormat } from './sniff';

/**
 * The ffmpeg binary of @ffmpeg-installer/ffmpeg: a registry package whose per-platform dependency
 * (@ffmpeg-installer/linux-x64 on servers and Cloud Functions) carries the executable itself, so nothing is
 * downloaded at install or at run time. Resolved when a video arrives, not at start: a platform without a build
 * fails that upload with the package's reason, and images keep working.
 */
async function ffmpegPath(): Promise<string> {
  try {
    // A dynamic import the bundlers see (scripts/build-server.mjs, firebase/scripts/build-functions.mjs): the
    // Firebase function's build then requires the package among its dependencies.
    return (await import('@ffmpeg-installer/ffmpeg')).default.path;
  } catch (error) {
    // The package throws a string ('Unsupported platform/architecture: ...', 'Could not find ffmpeg executable ...').
    throw new Error(`ffmpeg is not available: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** Muxer of each accepted format: the output is the container that was sniffed, never one ffmpeg guesses. */
const MUXER: Record<VideoFormat, string> = { mp4: 'mp4', webm: 'webm' };

/** The ffmpeg arguments that copy `input`'s picture and sound into `output` and leave everything else behind. */
function remuxArguments(input: string, output: string, format: VideoFormat, cpuSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    ['-loglevel', 'error'],
    // A CPU-time limit the kernel enforces (RLIMIT_CPU): a copy that spins on a hostile file ends even when the
    // process that started it is gone.
    ['-timelimit', String(cpuSeconds)],
    ['-i', input],
    // 'V' is video that is not a cover picture (a cover is a JPEG that may carry its own EXIF); audio if any.
    // Data tracks (GPS, timecode), subtitles and attachments are never mapped, and -dn -sn say so twice.
    ['-map', '0:V', '-map', '0:a?', '-dn', '-sn'],
    // No global, per-stream or chapter metadata: titles, locations, creation times, handler names.
    ['-map_metadata', '-1', '-map_chapters', '-1'],
    ['-c', 'copy'],
    // bitexact: no 'encoder' tag either (what wrote the file says nothing the visitor needs).
    ['-fflags', '+bitexact'],
    // The movie header first, so a browser starts playing before the whole file has arrived (MP4 only).
    format === 'mp4' ? ['-movflags', '+faststart'] : [],
    ['-f', MUXER[format]],
    output,
  ].flat();
}

export interface RemuxOptions {
  /** Wall-clock limit; the copy is killed after it and the video refused. */
  timeoutMs: number;
}

/**
 * Writes `input`'s picture and sound, and nothing else, to `output`. A file ffmpeg cannot read or copy (damaged,
 * no video stream, a codec the container cannot hold) is refused with MEDIA_MESSAGES.videoUnreadable; a missing or
 * unstartable binary is the server's failure, an Error.
 */
export async function remuxVideo(
  input: string,
  output: string,
  format: VideoFormat,
  options: RemuxOptions,
): Promise<void> {
  const binary = await ffmpegPath();
  const cpuSeconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  return new Promise<void>((resolve, reject) => {
    // An argument list, no shell: the paths are the server's own, but nothing here is ever parsed as a command.
    const child = spawn(binary, remuxArguments(input, output, format, cpuSeconds), {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    // This process exits when the server is gone (process-media.ts) and takes the copy with it: 'exit' listeners run
    // synchronously, so the kill is sent before the process ends.
    const stop = () => child.kill('SIGKILL');
    process.once('exit', stop);
    const timer = setTimeout(stop, options.timeoutMs);
    const done = () => {
      clearTimeout(timer);
      process.off('exit', stop);
    };
    child.on('error', (error) => {
      done();
      reject(new Error(`ffmpeg could not be started: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      done();
      if (code === 0) return resolve();
      // What ffmpeg said goes to this process's stderr, which the server logs with the failed job.
      process.stderr.write(`ffmpeg ${signal ?? `exited with ${code}`}: ${stderr.slice(0, 2000)}\n`);
      reject(new MediaRefusal(422, MEDIA_MESSAGES.videoUnreadable));
    });
  });
}

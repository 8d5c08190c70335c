// The video half of the upload pipeline (server/README.md, media), run in the upload's child process
// (process-media.ts). A phone's or an action camera's video says where it was filmed in many places: '©xyz' and
// Apple's location key in the movie's metadata, XMP in 'uuid' boxes at the top level or inside 'moov', GPS samples
// in a metadata track of their own (GoPro's 'gpmd'), chapters, the owner's name as a track's handler name. Blanking
// the boxes one knows of leaves the ones one does not, so the video is rewritten instead, into a new file that holds
// its picture and sound and nothing else:
//
//   copied      what browsers play as it is (H.264 in 8-bit 4:2:0, AAC; VP8, VP9 or AV1 in WebM): ffmpeg copies the
//               streams without re-encoding, so seconds for a 200 MB file and no loss. A QuickTime movie (.mov) of
//               H.264 is copied into an MP4 the same way.
//   converted   what they do not (HEVC from a phone, 10-bit or 4:2:2 H.264, sound that is not AAC): encoded as H.264
//               (and AAC) in an MP4, at most 1920 px on its long side and 60 frames a second, HDR tone-mapped to SDR.
//               Encoding costs about a second of CPU per second of 4K video, so only MEDIA_LIMITS.videoConvertSeconds
//               of video are converted; a longer one is refused with what to do instead.
//
// Either way the work runs in ffmpeg, a process of its own under this child (never on the server's event loop, and at
// the child's lower priority, media-store.ts), within the job's wall-clock limit and a CPU-time limit the kernel
// enforces. A file ffmpeg cannot read is refused; the original never becomes public.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { MediaRefusal } from './process-image';
import type { ServedVideoFormat, VideoFormat } from './sniff';

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

/** What ffmpeg reads in a file (its report on `-i`; the package ships no ffprobe). */
export interface VideoFacts {
  /** Seconds, or null when the file does not say. */
  durationSeconds: number | null;
  /** The first picture stream that is not a cover picture, or null when there is none. */
  video: { codec: string; pixelFormat: string; fps: number | null; hdr: boolean } | null;
  /** The first sound stream's codec, or null. */
  audio: string | null;
}

/** Reads ffmpeg's report on an input ('Duration: 00:00:01.02', 'Stream #0:0(und): Video: hevc (Main 10) ...'). */
export function factsOf(report: string): VideoFacts {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  const streams = report.split('\n').filter((line) => /^\s*Stream #\d+:\d+/.test(line));
  const videoLine = streams.find((line) => /: Video: /.test(line) && !line.includes('(attached pic)'));
  const audioLine = streams.find((line) => /: Audio: /.test(line));
  const video = videoLine && /: Video: (\w+)[^,]*, (\w+)/.exec(videoLine);
  const fps = videoLine && /, (\d+(?:\.\d+)?) fps/.exec(videoLine);
  return {
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    video: video
      ? {
          codec: video[1] ?? '',
          pixelFormat: video[2] ?? '',
          fps: fps ? Number(fps[1]) : null,
          // HLG (what iPhones film by default since 2020) or PQ: shown as is, an SDR screen would show it grey.
          hdr: /arib-std-b67|smpte2084/.test(videoLine ?? ''),
        }
      : null,
    audio: (audioLine && /: Audio: (\w+)/.exec(audioLine)?.[1]) || null,
  };
}

/** How the served file is made: each stream copied as it is or converted. */
export interface VideoPlan {
  format: ServedVideoFormat;
  video: 'copy' | 'h264';
  audio: 'copy' | 'aac';
  /** Convert only: the picture's frames a second are brought down to 60; HDR is tone-mapped. */
  fps: number | null;
  hdr: boolean;
}

/** Pixel formats of H.264 that every browser decodes: 8-bit 4:2:0 (yuvj is the same with full-range levels). */
const PLAYABLE_H264 = new Set(['yuv420p', 'yuvj420p']);
/** The long side of a converted picture: a phone's 4K is 1080p on the site, as every player here shows it. */
export const CONVERTED_LONG_SIDE = 1920;
const MAX_FPS = 60;

/** What to do with an upload of `format` whose streams are `facts`; a MediaRefusal when the site cannot take it. */
export function planOf(format: VideoFormat, facts: VideoFacts): VideoPlan | MediaRefusal {
  if (!facts.video) return new MediaRefusal(422, MEDIA_MESSAGES.videoUnreadable);
  // A WebM's VP8, VP9 or AV1 plays where the site's players are: copied, as it always was.
  if (format === 'webm') return { format: 'webm', video: 'copy', audio: 'copy', fps: null, hdr: false };
  const { codec, pixelFormat, fps, hdr } = facts.video;
  const video = codec === 'h264' && PLAYABLE_H264.has(pixelFormat) && !hdr ? 'copy' : 'h264';
  const audio = facts.audio === null || facts.audio === 'aac' ? 'copy' : 'aac';
  if (video === 'h264' && (facts.durationSeconds ?? Infinity) > MEDIA_LIMITS.videoConvertSeconds)
    return new MediaRefusal(413, MEDIA_MESSAGES.videoTooLongToConvert);
  return { format: 'mp4', video, audio, fps: fps !== null && fps > MAX_FPS ? MAX_FPS : null, hdr };
}

/** The picture's filters when it is converted: upright (ffmpeg turns it by its rotation first), scaled, SDR, 8-bit. */
function filtersOf(plan: VideoPlan): string {
  const side = CONVERTED_LONG_SIDE;
  // Quoted, so the commas inside the expressions are not read as the filter chain's; even sides, as H.264 needs.
  const factor = `min(1,${side}/max(iw,ih))`;
  const filters = [`scale='trunc(${factor}*iw/2)*2':'trunc(${factor}*ih/2)*2'`];
  if (plan.fps !== null) filters.push(`fps=${plan.fps}`);
  // HLG or PQ to BT.709 through linear light (the zimg library ffmpeg is built with), then 8-bit 4:2:0.
  if (plan.hdr)
    filters.push(
      'zscale=t=linear:npl=100',
      'format=gbrpf32le',
      'zscale=p=bt709',
      'tonemap=tonemap=hable:desat=0',
      'zscale=t=bt709:m=bt709:r=tv',
    );
  filters.push('format=yuv420p');
  return filters.join(',');
}

/** The ffmpeg arguments that make `output` from `input`'s picture and sound, and leave everything else behind. */
function makeArguments(input: string, output: string, plan: VideoPlan, cpuSeconds: number): string[] {
  const convert = plan.video === 'h264';
  return [
    '-hide_banner',
    '-nostdin',
    ['-loglevel', 'error'],
    // A CPU-time limit the kernel enforces (RLIMIT_CPU): work that spins on a hostile file ends even when the
    // process that started it is gone.
    ['-timelimit', String(cpuSeconds)],
    ['-i', input],
    // 'V' is video that is not a cover picture (a cover is a JPEG that may carry its own EXIF); audio if any. A
    // conversion takes the first of each (one picture is what a player shows). Data tracks (GPS, timecode),
    // subtitles and attachments are never mapped, and -dn -sn say so twice.
    convert ? ['-map', '0:V:0', '-map', '0:a:0?'] : ['-map', '0:V', '-map', '0:a?'],
    ['-dn', '-sn'],
    // No global, per-stream or chapter metadata: titles, locations, creation times, handler names.
    ['-map_metadata', '-1', '-map_chapters', '-1'],
    convert
      ? [
          // Never longer than the limit, whatever the file claimed its duration to be.
          ['-t', String(MEDIA_LIMITS.videoConvertSeconds)],
          ['-vf', filtersOf(plan)],
          ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'],
        ].flat()
      : ['-c:v', 'copy'],
    plan.audio === 'aac' ? ['-c:a', 'aac', '-b:a', '128k'] : ['-c:a', 'copy'],
    // bitexact: no 'encoder' tag either (what wrote the file says nothing the visitor needs).
    ['-fflags', '+bitexact'],
    // The movie header first, so a browser starts playing before the whole file has arrived (MP4 only).
    plan.format === 'mp4' ? ['-movflags', '+faststart'] : [],
    ['-f', plan.format],
    output,
  ].flat();
}

interface FfmpegRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The first 64 KB of what ffmpeg said (its report on the input, or its errors). */
  stderr: string;
}

/** Runs ffmpeg once and waits for it; it is killed at `deadline` (ms since the epoch) or when this process ends. */
function runFfmpeg(binary: string, args: string[], deadline: number): Promise<FfmpegRun> {
  return new Promise<FfmpegRun>((resolve, reject) => {
    // An argument list, no shell: the paths are the server's own, but nothing here is ever parsed as a command.
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 65_536) stderr += chunk.toString('utf8');
    });
    // This process exits when the server is gone (process-media.ts) and takes ffmpeg with it: 'exit' listeners run
    // synchronously, so the kill is sent before the process ends.
    const stop = () => child.kill('SIGKILL');
    process.once('exit', stop);
    const timer = setTimeout(stop, Math.max(0, deadline - Date.now()));
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
      resolve({ code, signal, stderr });
    });
  });
}

export interface VideoOptions {
  /** Wall-clock limit of the whole job (reading the file, then copying or converting it); then it is refused. */
  timeoutMs: number;
}

/**
 * Writes `input`'s picture and sound, and nothing else, to `output`, in the container servedFormatOf(format) names:
 * copied where browsers play them as they are, converted where they do not (see the top of this file). A file ffmpeg
 * cannot read or write (damaged, no video stream) is refused with MEDIA_MESSAGES.videoUnreadable, one too long to
 * convert with videoTooLongToConvert, a conversion past the limit with videoConvertTooSlow; a missing or unstartable
 * binary is the server's failure, an Error.
 */
export async function makeServedVideo(
  input: string,
  output: string,
  format: VideoFormat,
  options: VideoOptions,
): Promise<VideoPlan> {
  const binary = await ffmpegPath();
  const deadline = Date.now() + options.timeoutMs;
  // Every thread of ffmpeg counts towards RLIMIT_CPU: a conversion on all cores spends that much more CPU time.
  const cpuSeconds = () => Math.max(1, Math.ceil((deadline - Date.now()) / 1000)) * availableParallelism();
  const failed = (run: FfmpegRun, message: string) => {
    // What ffmpeg said goes to this process's stderr, which the server logs with the failed job.
    process.stderr.write(`ffmpeg ${run.signal ?? `exited with ${run.code}`}: ${run.stderr.slice(0, 2000)}\n`);
    rmSync(output, { force: true });
    return new MediaRefusal(422, message);
  };

  // ffmpeg with an input and no output reports what it read and exits (with 1, having nothing to write).
  const report = await runFfmpeg(
    binary,
    ['-hide_banner', '-nostdin', '-timelimit', String(cpuSeconds()), '-i', input],
    deadline,
  );
  if (report.signal) throw failed(report, MEDIA_MESSAGES.videoUnreadable);
  const facts = factsOf(report.stderr);
  // Nothing ffmpeg reads as a picture (damaged, or sound alone): what it said is the operator's to read.
  if (!facts.video) throw failed(report, MEDIA_MESSAGES.videoUnreadable);
  const plan = planOf(format, facts);
  if (plan instanceof MediaRefusal) throw plan;

  const run = await runFfmpeg(binary, makeArguments(input, output, plan, cpuSeconds()), deadline);
  if (run.code === 0) return plan;
  // Killed at the limit while converting: the file was fine, the work too long for the time it may take.
  const slow = run.signal !== null && plan.video === 'h264';
  throw failed(run, slow ? MEDIA_MESSAGES.videoConvertTooSlow : MEDIA_MESSAGES.videoUnreadable);
}

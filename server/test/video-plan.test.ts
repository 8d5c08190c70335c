// What the video pipeline does with an upload (src/features/media/remux-video.ts), read from ffmpeg's report on it:
// copied where browsers play the streams as they are, converted where they do not, refused where the site cannot.
// The reports are ffmpeg's own words for files phones and cameras write.
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { MediaRefusal } from '../src/features/media/process-image';
import { factsOf, planOf } from '../src/features/media/remux-video';

const report = (duration: string, ...streams: string[]) =>
  [
    "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'in.mov':",
    '  Metadata:',
    '    major_brand     : qt  ',
    `  Duration: ${duration}, start: 0.000000, bitrate: 13286 kb/s`,
    ...streams.map((s, i) => `    Stream #0:${i}(und): ${s}`),
    'At least one output file must be specified',
  ].join('\n');

const IPHONE_HEVC =
  'Video: hevc (Main 10) (hvc1 / 0x31637668), yuv420p10le(tv, bt2020nc/bt2020/arib-std-b67), 1920x1080, 7862 kb/s, 29.98 fps, 29.97 tbr, 600 tbn, 600 tbc (default)';
const H264 =
  'Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080 [SAR 1:1 DAR 16:9], 9000 kb/s, 30 fps, 30 tbr, 600 tbn, 60 tbc (default)';
const AAC = 'Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s (default)';
const COVER = 'Video: mjpeg (Baseline), yuvj420p(pc, bt470bg/unknown/unknown), 600x600, 90k tbr (attached pic)';

test('an iPhone HEVC HDR movie: its facts, and a conversion with tone mapping', () => {
  const facts = factsOf(report('00:00:12.50', IPHONE_HEVC, AAC, 'Data: none (mebx / 0x7862656D), 0 kb/s (default)'));
  expect(facts).toEqual({
    durationSeconds: 12.5,
    video: { codec: 'hevc', pixelFormat: 'yuv420p10le', fps: 29.98, hdr: true },
    audio: 'aac',
  });
  expect(planOf('mov', facts)).toEqual({ format: 'mp4', video: 'h264', audio: 'copy', fps: null, hdr: true });
});

test('H.264 with AAC is copied, from a movie or an MP4; a cover picture is not the picture', () => {
  const facts = factsOf(report('00:03:00.00', COVER, H264, AAC));
  expect(facts.video).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', fps: 30, hdr: false });
  // Longer than the site converts, and copied all the same: a copy costs seconds whatever its length.
  for (const format of ['mov', 'mp4'] as const)
    expect(planOf(format, facts)).toEqual({ format: 'mp4', video: 'copy', audio: 'copy', fps: null, hdr: false });
});

test('what browsers do not play is converted: 10-bit or 4:2:2 H.264, sound that is not AAC, slow motion at 60 fps', () => {
  const tenBit = H264.replace('yuv420p(tv, bt709)', 'yuv422p10le(tv, bt709)');
  expect(planOf('mov', factsOf(report('00:00:05.00', tenBit, AAC)))).toMatchObject({ video: 'h264', audio: 'copy' });
  const pcm = 'Audio: pcm_s16le (sowt / 0x74776F73), 48000 Hz, stereo, s16, 1536 kb/s (default)';
  expect(planOf('mov', factsOf(report('00:00:05.00', H264, pcm)))).toMatchObject({ video: 'copy', audio: 'aac' });
  const slowMotion = IPHONE_HEVC.replace('29.98 fps', '240 fps');
  expect(planOf('mov', factsOf(report('00:00:05.00', slowMotion)))).toMatchObject({ video: 'h264', fps: 60 });
  expect(factsOf(report('00:00:05.00', H264)).audio).toBeNull();
});

test('a WebM is copied as it always was', () => {
  const vp9 =
    'Video: vp9 (Profile 0), yuv420p(tv), 1280x720, SAR 1:1 DAR 16:9, 25 fps, 25 tbr, 1k tbn, 1k tbc (default)';
  expect(planOf('webm', factsOf(report('00:00:04.00', vp9)))).toEqual({
    format: 'webm',
    video: 'copy',
    audio: 'copy',
    fps: null,
    hdr: false,
  });
});

test('refused: no picture at all, and a conversion longer than the site converts', () => {
  const none = planOf('mp4', factsOf(report('00:00:05.00', AAC)));
  expect(none).toBeInstanceOf(MediaRefusal);
  expect(none).toMatchObject({ status: 422, message: MEDIA_MESSAGES.videoUnreadable });
  // A minute is converted; a second more is not.
  expect(MEDIA_LIMITS.videoConvertSeconds).toBe(60);
  expect(planOf('mov', factsOf(report('00:01:00.00', IPHONE_HEVC)))).toMatchObject({ video: 'h264' });
  const long = planOf('mov', factsOf(report('00:01:01.00', IPHONE_HEVC)));
  expect(long).toMatchObject({ status: 413, message: MEDIA_MESSAGES.videoTooLongToConvert });
  // A file that does not say how long it is is not converted on trust.
  expect(planOf('mov', factsOf(report('N/A', IPHONE_HEVC)))).toMatchObject({ status: 413 });
});

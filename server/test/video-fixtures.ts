// Videos as phones and action cameras write them, for the upload tests: a real H.264/AAC MP4 made by the same ffmpeg
// the server runs, then every place a location hides written into it by hand (an ISO base media box writer), and a
// reader that walks the boxes of what the server serves.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The server's ffmpeg (src/features/media/remux-video.ts). */
const FFMPEG = ffmpegInstaller.path;

/** The header of an ISO base media box: 32-bit size, four-character type (latin1, so '\xa9xyz' is '©xyz'). */
function boxHeader(type: string, bodySize: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + bodySize);
  header.write(type, 4, 'latin1');
  return header;
}

/** An ISO base media box. */
export function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  return Buffer.concat([boxHeader(type, content.length), content]);
}

/** A box whose body starts with a version byte and 24 bits of flags. */
const fullBox = (type: string, version: number, flags: number, ...body: Buffer[]) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return box(type, head, ...body);
};

const u32 = (...values: number[]) => {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => out.writeInt32BE(v, 4 * i));
  return out;
};
const u16 = (...values: number[]) => {
  const out = Buffer.alloc(2 * values.length);
  values.forEach((v, i) => out.writeUInt16BE(v, 2 * i));
  return out;
};
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** Boxes that hold other boxes and nothing else before them. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'dinf', 'edts', 'udta']);

export interface FoundBox {
  /** 'moov/trak/mdia/hdlr' */
  path: string;
  start: number;
  size: number;
}

/** Every box of an MP4, containers walked into ('meta' is a full box: its children start 4 bytes in). */
export function walkBoxes(buf: Buffer, from = 0, to = buf.length, parent = ''): FoundBox[] {
  const out: FoundBox[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new Error(`a broken box at ${at} under '${parent}'`);
    const type = buf.toString('latin1', at + 4, at + 8);
    const boxPath = parent ? `${parent}/${type}` : type;
    out.push({ path: boxPath, start: at, size });
    if (CONTAINERS.has(type)) out.push(...walkBoxes(buf, at + header, at + size, boxPath));
    else if (type === 'meta') out.push(...walkBoxes(buf, at + header + 4, at + size, boxPath));
    at += size;
  }
  return out;
}

/** The handler type ('vide', 'soun', 'meta', ...) of each track of an MP4. */
export function trackHandlers(buf: Buffer): string[] {
  return walkBoxes(buf)
    .filter((b) => b.path === 'moov/trak/mdia/hdlr')
    .map((b) => buf.toString('latin1', b.start + 16, b.start + 20));
}

// Where it was filmed, each written a different way so a failure names the place that leaked.
export const PLACES = {
  /** ©xyz in moov/udta (ISO 6709, what Android and older iPhones write). */
  xyz: '+40.4461-079.9822/',
  /** Apple's com.apple.quicktime.location.ISO6709 in moov/meta (keys and ilst). */
  appleKey: '+40.4463-079.9824/',
  /** XMP in a top-level 'uuid' box (Adobe's XMP UUID), as editors and some cameras write it. */
  topUuid: '40,26.7661N',
  /** A vendor's 'uuid' box inside moov. */
  moovUuid: 'MOOV-UUID +40.4465-079.9826',
  /** XMP in moov/udta/XMP_. */
  udtaXmp: '40,26.7667N',
  /** The owner's name in a track's own udta. */
  owner: 'Owner iPhone',
  /** ASCII in the GPS track's samples (GoPro's GPMF carries names and units as text beside the numbers). */
  gpsTrackText: 'GPMF-GPS5-TRACK-SAMPLE',
} as const;
/** The GPS track's latitude and longitude as GPMF stores them: 32-bit integers, degrees × 10^7. */
export const GPS_SAMPLE_NUMBERS = u32(404_461_000, -799_822_000);

const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const xmp = (latitude: string) =>
  latin1(
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
      `<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="${latitude}"/></rdf:RDF></x:xmpmeta>`,
  );

/** A GoPro-style GPS track: handler 'meta', sample entry 'gpmd', one sample at `sampleOffset` in the file. */
function gpsTrack(trackId: number, sampleOffset: number, sampleSize: number): Buffer {
  const identity = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
  return box(
    'trak',
    fullBox('tkhd', 0, 3, u32(0, 0, trackId, 0, 1000, 0, 0), u16(0, 0, 0, 0), identity, u32(0, 0)),
    box(
      'mdia',
      fullBox('mdhd', 0, 0, u32(0, 0, 1000, 1000), u16(0x55c4, 0)),
      fullBox('hdlr', 0, 0, u32(0), latin1('meta'), u32(0, 0, 0), latin1('GoPro MET\0')),
      box(
        'minf',
        fullBox('nmhd', 0, 0),
        box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
        box(
          'stbl',
          fullBox('stsd', 0, 0, u32(1), box('gpmd', Buffer.alloc(6), u16(1), u32(0))),
          fullBox('stts', 0, 0, u32(1, 1, 1000)),
          fullBox('stsc', 0, 0, u32(1, 1, 1, 1)),
          fullBox('stsz', 0, 0, u32(0, 1, sampleSize)),
          fullBox('stco', 0, 0, u32(1, sampleOffset)),
        ),
      ),
    ),
  );
}

/** Runs `work` with a fresh temporary folder, removed after. */
function inTempDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-video-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the server's ffmpeg with `input` written to a file, named '$in' in `args`. */
function ffmpegOn(input: Buffer, args: string[], options: { check: boolean } = { check: true }) {
  return inTempDir((dir) => {
    const file = path.join(dir, 'input');
    writeFileSync(file, input);
    const run = spawnSync(FFMPEG, ['-hide_banner', '-nostdin', ...args.map((a) => (a === '$in' ? file : a))], {
      encoding: 'utf8',
    });
    if (options.check && run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${run.stderr}`);
    return run;
  });
}

/** What ffmpeg reads in a file: its stream list and metadata (ffmpeg -i without an output prints that). */
export const probe = (bytes: Buffer): string => ffmpegOn(bytes, ['-i', '$in'], { check: false }).stderr;

/** Whether ffmpeg decodes the first picture and the first sound of a file (a browser would play it). */
export function decodes(bytes: Buffer): { video: boolean; audio: boolean } {
  const ok = (...map: string[]) =>
    ffmpegOn(bytes, ['-v', 'error', '-xerror', '-i', '$in', ...map, '-f', 'null', '-'], { check: false }).status === 0;
  return { video: ok('-map', '0:v:0', '-frames:v', '1'), audio: ok('-map', '0:a:0', '-frames:a', '1') };
}

/** The MD5 of a file's picture packets as stored (not decoded): equal for a copy, different for any re-encoding. */
export const picturePackets = (bytes: Buffer): string =>
  ffmpegOn(bytes, ['-v', 'error', '-i', '$in', '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-']).stdout.trim();

/** A file ffmpeg makes from `args` (the output file is appended), as bytes. */
const made = (args: string[]) =>
  inTempDir((dir) => {
    const out = path.join(dir, 'out');
    execFileSync(FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args, out]);
    return readFileSync(out);
  });

/**
 * A one-second 64×48 H.264 video with AAC sound, as ffmpeg writes it by default (the movie header at the end), filmed
 * upright on a phone: its picture is stored sideways with a rotation for the player (the track header's matrix).
 */
export function baseMp4(): Buffer {
  const encoded = made([
    ...['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=1'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k'],
    ...['-fflags', '+bitexact', '-f', 'mp4'],
  ]);
  // ffmpeg drops a rotation when it encodes; a copy keeps the one it is given.
  return inTempDir((dir) => {
    const input = path.join(dir, 'encoded.mp4');
    writeFileSync(input, encoded);
    return made(['-i', input, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-fflags', '+bitexact', '-f', 'mp4']);
  });
}

/** The rotation a player applies to a file's picture, as ffmpeg reads it ('90.00'), if any. */
export const rotation = (bytes: Buffer): string | undefined =>
  /displaymatrix: rotation of (-?[\d.]+) degrees/.exec(probe(bytes))?.[1];

/** One second of sound in an MP4 (brand isom, so it passes the sniffing) and no picture. */
export const soundOnlyMp4 = () =>
  made(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-b:a', '32k', '-f', 'mp4']);

/** `webm` copied with Matroska tags: a location and a title on the file, the owner's name on its picture stream. */
export function webmWithTags(webm: Buffer, location: string): Buffer {
  return inTempDir((dir) => {
    const input = path.join(dir, 'in.webm');
    writeFileSync(input, webm);
    return made([
      ...['-i', input, '-c', 'copy', '-metadata', `location=${location}`, '-metadata', 'title=Filmed at home'],
      ...['-metadata:s:v:0', `title=${PLACES.owner}`, '-f', 'webm'],
    ]);
  });
}

/**
 * `base` (whose moov comes last, after its media data) with a location in every place a phone, an action camera or
 * an editor puts one: ©xyz, Apple's location key and XMP in the movie's metadata, the owner's name in a track, a
 * 'uuid' box inside moov, a GPS track whose samples sit in an mdat of their own, and an XMP 'uuid' box at the top
 * level. `moovPadding` bytes of 'free' inside moov make the movie header as large as wanted. The media data does not
 * move, so the video's own sample offsets stay right.
 */
export function mp4WithLocation(base: Buffer, options: { moovPadding?: number } = {}): Buffer {
  const top = walkBoxes(base).filter((b) => !b.path.includes('/'));
  const moov = top.at(-1);
  if (!moov || moov.path !== 'moov') throw new Error('the base video must end with its moov');
  const before = base.subarray(0, moov.start);
  const children = walkBoxes(base, moov.start + 8, moov.start + moov.size, 'moov').filter(
    (b) => b.path.split('/').length === 2 && b.path !== 'moov/udta',
  );
  const tracks = children.filter((b) => b.path === 'moov/trak').length;
  const kept = children.map((b) => {
    const bytes = base.subarray(b.start, b.start + b.size);
    // The first track (the picture) gets its owner's name in a udta of its own.
    if (b === children.find((c) => c.path === 'moov/trak'))
      return box('trak', bytes.subarray(8), box('udta', box('name', latin1(PLACES.owner))));
    return bytes;
  });
  const appleMeta = fullBox(
    'meta',
    0,
    0,
    fullBox('hdlr', 0, 0, u32(0), latin1('mdta'), u32(0, 0, 0), latin1('\0')),
    fullBox('keys', 0, 0, u32(1), box('mdta', latin1('com.apple.quicktime.location.ISO6709'))),
    box('ilst', box('\0\0\0\x01', box('data', u32(1, 0), latin1(PLACES.appleKey)))),
  );
  const gpsSample = Buffer.concat([latin1('DEVC'), GPS_SAMPLE_NUMBERS, latin1(PLACES.gpsTrackText)]);
  const moovChildren = (gpsOffset: number) => [
    ...kept,
    box('udta', box('\xa9xyz', u16(PLACES.xyz.length, 0x15c7), latin1(PLACES.xyz)), box('XMP_', xmp(PLACES.udtaXmp))),
    appleMeta,
    box('uuid', Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), latin1(PLACES.moovUuid)),
    gpsTrack(tracks + 1, gpsOffset, gpsSample.length),
  ];
  // Padding written once: a 64 MB box is not worth building twice.
  const padding = options.moovPadding
    ? [boxHeader('free', options.moovPadding), Buffer.alloc(options.moovPadding)]
    : [];
  const topUuid = box('uuid', XMP_UUID, xmp(PLACES.topUuid));
  // The GPS sample's offset depends on the moov's size, which does not depend on the offset's value.
  const moovBody = [...moovChildren(0), ...padding].reduce((n, b) => n + b.length, 0);
  const gpsOffset = before.length + 8 + moovBody + topUuid.length + 8;
  return Buffer.concat([
    before,
    boxHeader('moov', moovBody),
    ...moovChildren(gpsOffset),
    ...padding,
    topUuid,
    box('mdat', gpsSample),
  ]);
}

/** Whether the server's ffmpeg can encode with `encoder` ('libx265'): `ffmpeg -encoders` lists it. */
export const canEncode = (encoder: string): boolean =>
  new RegExp(`^\\s*V\\S*\\s+${encoder}\\s`, 'm').test(
    spawnSync(FFMPEG, ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout,
  );

export interface PhoneVideo {
  /** 'h264' (an iPhone set to Most Compatible, older Android phones) or 'hevc' (an iPhone's default since 2017). */
  codec: 'h264' | 'hevc';
  /** 'mov' (QuickTime, an iPhone's) or 'mp4' (an Android phone's). */
  container: 'mov' | 'mp4';
  seconds?: number;
  size?: string;
  rate?: number;
  /** 10-bit HLG in BT.2020, as an iPhone films HDR. */
  hdr?: boolean;
  /** Filmed upright: the picture stored sideways with a rotation for the player (the track header's matrix). */
  rotate?: 90;
}

/**
 * A video as a phone writes it, made by the server's own ffmpeg: a test picture with sound, where it was filmed in its
 * metadata (©xyz), in a QuickTime movie (brand 'qt  ') or an MP4.
 */
export function phoneVideo(options: PhoneVideo): Buffer {
  const { codec, container, seconds = 1, size = '320x240', rate = 24 } = options;
  const encoded = made([
    ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=${rate}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...(codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1']),
    ...(options.hdr
      ? [
          '-pix_fmt',
          'yuv420p10le',
          '-color_primaries',
          'bt2020',
          '-color_trc',
          'arib-std-b67',
          '-colorspace',
          'bt2020nc',
        ]
      : codec === 'hevc'
        ? ['-pix_fmt', 'yuv420p']
        : []),
    ...['-c:a', 'aac', '-b:a', '32k', '-metadata', `location=${PLACES.xyz}`, '-f', container],
  ]);
  if (!options.rotate) return encoded;
  // ffmpeg drops a rotation when it encodes; a copy keeps the one it is given.
  return inTempDir((dir) => {
    const input = path.join(dir, `encoded.${container}`);
    writeFileSync(input, encoded);
    return made(['-i', input, '-c', 'copy', '-metadata:s:v:0', `rotate=${options.rotate}`, '-f', container]);
  });
}

/** The picture stream as ffmpeg reads it: its codec, pixel format and size ('h264', 'yuv420p', '240x320'). */
export function pictureOf(bytes: Buffer): { codec: string; pixelFormat: string; size: string } | undefined {
  const match = /Stream #0:\d+.*?: Video: (\w+)[^,]*, (\w+)(?:\([^)]*\))?, (\d+x\d+)/.exec(probe(bytes));
  return match ? { codec: match[1]!, pixelFormat: match[2]!, size: match[3]! } : undefined;
}

/** The brands of an ISO base media file's 'ftyp' box: the major one first ('isom' for an MP4, 'qt  ' for a movie). */
export function brandsOf(bytes: Buffer): string[] {
  const ftyp = walkBoxes(bytes).find((b) => b.path === 'ftyp');
  if (!ftyp) return [];
  const brands = [bytes.toString('latin1', ftyp.start + 8, ftyp.start + 12)];
  for (let at = ftyp.start + 16; at + 4 <= ftyp.start + ftyp.size; at += 4)
    brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

// A phone's MP4 carries where it was filmed (the '©xyz' ISO 6709 position in moov/udta, Apple's
// com.apple.quicktime.location in moov/meta), the device and the owner's name. The server keeps videos as they are
// (it has no encoder), but not that: every 'udta' and 'meta' box of the movie and of its tracks becomes a 'free' box
// (the type players skip) full of zeros. Their sizes stay, so no offset into the media data moves and the video plays
// the same.
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

const CONTAINERS_WITH_METADATA = new Set(['moov', 'trak']);
const METADATA_BOXES = new Set(['udta', 'meta']);
/** A movie header larger than this is not a phone's video; it is left alone rather than read into memory. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

interface Box {
  type: string;
  /** Offset of the box's header. */
  start: number;
  headerSize: number;
  size: number;
}

/** The boxes in buf[from, to), read from their headers. */
function boxesIn(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) size = to - at;
    if (size < headerSize || at + size > to) break;
    out.push({ type, start: at, headerSize, size });
    at += size;
  }
  return out;
}

/** Renames the metadata boxes inside `moov` (a buffer holding the whole moov box); returns what it renamed. */
function neutralise(moov: Buffer, box: Box, path: string, renamed: string[]) {
  for (const child of boxesIn(moov, box.start + box.headerSize, box.start + box.size)) {
    if (METADATA_BOXES.has(child.type)) {
      moov.write('free', child.start + 4, 'latin1');
      moov.fill(0, child.start + child.headerSize, child.start + child.size);
      renamed.push(`${path}/${child.type}`);
    } else if (CONTAINERS_WITH_METADATA.has(child.type)) {
      neutralise(moov, child, `${path}/${child.type}`, renamed);
    }
  }
}

/** Reads the top-level box headers of the file at `fd`. */
function topLevelBoxes(fd: number, length: number): Box[] {
  const out: Box[] = [];
  const header = Buffer.alloc(16);
  let at = 0;
  while (at + 8 <= length) {
    readSync(fd, header, 0, 16, at);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = length - at;
    if (size < headerSize || at + size > length) break;
    out.push({ type: header.toString('latin1', 4, 8), start: at, headerSize, size });
    at += size;
  }
  return out;
}

/** Strips the movie's metadata boxes in place; returns the paths of the boxes it renamed ('moov/udta', ...). */
export function stripMp4Metadata(file: string): string[] {
  const fd = openSync(file, 'r+');
  try {
    const renamed: string[] = [];
    for (const box of topLevelBoxes(fd, fstatSync(fd).size)) {
      if (box.type === 'meta' || box.type === 'udta') {
        // A top-level metadata box (rare): blanked on the file itself.
        if (box.size > MAX_MOOV_BYTES) continue;
        const blank = Buffer.alloc(box.size);
        blank.writeUInt32BE(box.headerSize === 8 ? box.size : 1, 0);
        blank.write('free', 4, 'latin1');
        if (box.headerSize === 16) blank.writeBigUInt64BE(BigInt(box.size), 8);
        writeSync(fd, blank, 0, blank.length, box.start);
        renamed.push(box.type);
        continue;
      }
      if (box.type !== 'moov' || box.size > MAX_MOOV_BYTES) continue;
      const moov = Buffer.alloc(box.size);
      readSync(fd, moov, 0, box.size, box.start);
      const local = { ...box, start: 0 };
      const before = renamed.length;
      neutralise(moov, local, 'moov', renamed);
      if (renamed.length > before) writeSync(fd, moov, 0, moov.length, box.start);
    }
    return renamed;
  } finally {
    closeSync(fd);
  }
}

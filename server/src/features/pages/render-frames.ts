// The pipe between the server and its sandboxed renderer (render-sandbox.ts, render-sandbox-child.cjs), in
// length-prefixed frames, never Node's IPC: Node parses an IPC message whole on this thread before anyone can look at
// it, so one 80 MB message stalled the server for seconds. Here each frame's header (length and kind) is judged first,
// and a frame longer than its kind allows is refused before any of it is kept or parsed. The child keeps the same
// kinds and limits on its side (it is handed the limits at start).

/** A page's markup, in UTF-8 bytes. */
export const MAX_HTML_BYTES = 4 * 1024 * 1024;
/** A page's data (the reads' answers it hands the browser), as JSON bytes: bounded like its markup. */
export const MAX_DATA_BYTES = 2 * 1024 * 1024;
/** Any other frame from the child (a read, a failure): a read names a port, a method and a few small arguments. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** A frame: 4 bytes of body length (big-endian), 1 byte of kind, the body. */
const HEADER_BYTES = 5;
/** What the child sends. */
export const FROM_CHILD = { ready: 1, loadFailed: 2, read: 3, rendered: 4, failed: 5 } as const;
/** What the server sends. */
export const TO_CHILD = { load: 11, render: 12, answer: 13 } as const;
/** The longest body each kind of frame from the child may have; a kind not listed ends the child. */
export const FRAME_LIMITS: ReadonlyMap<number, number> = new Map([
  [FROM_CHILD.ready, 0],
  [FROM_CHILD.loadFailed, MAX_MESSAGE_BYTES],
  [FROM_CHILD.read, MAX_MESSAGE_BYTES],
  // The render's id, the markup's length, the markup, the data.
  [FROM_CHILD.rendered, 8 + MAX_HTML_BYTES + MAX_DATA_BYTES],
  [FROM_CHILD.failed, MAX_MESSAGE_BYTES],
]);

/** A frame for the child. */
export const frameOf = (kind: number, body: Buffer) => {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(body.length, 0);
  header[4] = kind;
  return Buffer.concat([header, body]);
};

/**
 * Cuts the child's byte stream into frames. A frame's header is judged as soon as its 5 bytes are in: a kind with no
 * limit, or a length over its kind's limit, is refused there, and nothing more of the stream is kept.
 */
export function frameReader(
  limits: ReadonlyMap<number, number>,
  onFrame: (kind: number, body: Buffer) => void,
  onRefused: (reason: string) => void,
): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let buffered = 0;
  let header: { kind: number; length: number } | undefined;
  let refused = false;
  const take = (bytes: number) => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, buffered);
    const rest = all.subarray(bytes);
    chunks = rest.length > 0 ? [rest] : [];
    buffered = rest.length;
    return all.subarray(0, bytes);
  };
  const refuse = (reason: string) => {
    refused = true;
    chunks = [];
    buffered = 0;
    onRefused(reason);
  };
  return (chunk) => {
    if (refused) return;
    chunks.push(chunk);
    buffered += chunk.length;
    for (;;) {
      if (!header) {
        if (buffered < HEADER_BYTES) return;
        const bytes = take(HEADER_BYTES);
        const kind = bytes[4]!;
        const length = bytes.readUInt32BE(0);
        const limit = limits.get(kind);
        if (limit === undefined) return refuse('The renderer sent a frame of a kind it may not send.');
        if (length > limit) return refuse(`The renderer sent a frame of ${length} bytes; at most ${limit} are read.`);
        header = { kind, length };
      }
      if (buffered < header.length) return;
      const { kind, length } = header;
      header = undefined;
      onFrame(kind, take(length));
      if (refused) return;
    }
  };
}

// A mail as it goes over the wire, for the tests that read what nodemailer wrote (its stream transport hands over the
// whole RFC 5322 message): its headers, unfolded and decoded, and its text and HTML parts decoded from
// quoted-printable or base64, whatever multipart nesting holds them, and the names of its attachments.
import nodemailer, { type Transporter } from 'nodemailer';

export interface RawMail {
  /** Header values by lower-case name (the first of a repeated one), unfolded, encoded words decoded. */
  headers: Record<string, string>;
  text?: string;
  html?: string;
  attachments: string[];
  /** The message as written. */
  raw: string;
}

/** RFC 2047 encoded words ('=?UTF-8?Q?Caf=C3=A9?='), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function split(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const param = (value: string, name: string) => new RegExp(`${name}="?([^";]+)"?`, 'i').exec(value)?.[1];

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

export function readRawMail(raw: string): RawMail {
  const mail: RawMail = { headers: {}, attachments: [], raw };
  const walk = (part: string, top: boolean) => {
    const { headers, body } = split(part);
    if (top) mail.headers = headers;
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = param(type, 'boundary');
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = body.split(`--${boundary}`);
      // The preamble before the first boundary and the epilogue after the closing one are not parts.
      for (const piece of pieces.slice(1)) if (!piece.startsWith('--')) walk(piece.replace(/^\r?\n/, ''), false);
      return;
    }
    const disposition = headers['content-disposition'] ?? '';
    const decoded = decodeBody(body, (headers['content-transfer-encoding'] ?? '7bit').toLowerCase());
    if (/^attachment/i.test(disposition) || (!/^text\/(plain|html)/i.test(type) && !top))
      mail.attachments.push(param(disposition, 'filename') ?? param(type, 'name') ?? '');
    else if (/^text\/html/i.test(type)) mail.html = decoded;
    else mail.text = decoded;
  };
  walk(raw, true);
  return mail;
}

/**
 * An SMTP server's stand-in for createMailer's transport: nodemailer itself writes each message (its stream
 * transport), and `sent` gets it as written. The one edge it replaces is the network.
 */
export function capturingTransport(): { transport: Transporter; sent: RawMail[] } {
  const sent: RawMail[] = [];
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const transport = {
    sendMail: async (options: Parameters<Transporter['sendMail']>[0]) => {
      const info = (await writer.sendMail(options)) as { message: Buffer };
      sent.push(readRawMail(info.message.toString('utf8')));
      return info;
    },
  } as unknown as Transporter;
  return { transport, sent };
}

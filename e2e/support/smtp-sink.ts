// A mail server for tests: just enough SMTP (RFC 5321, no TLS, no auth) for nodemailer to deliver to it on
// 127.0.0.1, keeping each message. A deployed site has no dev outbox, so a test of one gets its sign-in link the way
// the admin does, by mail (SMTP_URL=smtp://127.0.0.1:<port>).
import { EventEmitter, once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface Mail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  /** The text, with quoted-printable undone. */
  body: string;
}

export interface SmtpSink {
  port: number;
  mails: Mail[];
  /** Resolves with the first mail, received before or after the call, that matches. */
  waitForMail(matches: (mail: Mail) => boolean): Promise<Mail>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(from: string, to: string[], data: string): Mail {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  const raw = data.slice(split + 4);
  const qp = /quoted-printable/i.test(headers['content-transfer-encoding'] ?? '');
  return { from, to, headers, body: qp ? decodeQuotedPrintable(raw) : raw };
}

/** `port`: listen there (a test stops the sink and starts it again at the same address); any free port otherwise. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: Mail[] = [];
  const arrived = new EventEmitter();
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 studio-test ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            const mail = parse(from, to, Buffer.from(data, 'latin1').toString('utf8'));
            mails.push(mail);
            arrived.emit('mail', mail);
            data = undefined;
            reply('250 2.0.0 queued');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 studio-test');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          data = '';
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok');
        else reply('502 5.5.2 not implemented');
      }
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');

  return {
    port: (server.address() as AddressInfo).port,
    mails,
    waitForMail(matches) {
      const found = mails.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const listener = (mail: Mail) => {
          if (!matches(mail)) return;
          arrived.off('mail', listener);
          resolve(mail);
        };
        arrived.on('mail', listener);
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

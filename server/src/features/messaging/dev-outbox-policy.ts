// When GET /api/dev/outbox exists (docs/architecture.md, operations: the dev outbox exists only in development). It
// holds live sign-in links, so it is on by default only for a site nobody else can reach: not production, not HTTPS,
// and a public origin on this machine or under a name reserved for testing. An explicit DEV_OUTBOX=true cannot switch
// it on for a deployed site, nor for one that says it is in production: the server refuses to start instead.

/** Host names that never resolve on the public internet: this machine, and RFC 6761's .localhost and .test. */
export function isLocalOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.test') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

export interface DevOutboxSettings {
  /** DEV_OUTBOX: true or false decides; undefined leaves it to the rule above. */
  devOutbox: boolean | undefined;
  production: boolean;
  https: boolean;
  publicOrigin: string;
}

export function devOutboxEnabled(settings: DevOutboxSettings): boolean {
  const deployed = settings.https || !isLocalOrigin(settings.publicOrigin);
  if (settings.devOutbox === true && (deployed || settings.production)) {
    const why = settings.production
      ? 'NODE_ENV=production'
      : settings.https
        ? 'HTTPS on'
        : `the public origin ${settings.publicOrigin}`;
    throw new Error(
      `DEV_OUTBOX=true is refused with ${why}: the outbox holds live sign-in links. Configure SMTP_URL for a deployed site.`,
    );
  }
  return settings.devOutbox ?? (!settings.production && !deployed);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The socket's own peer, never a forwarding header: the outbox answers only a browser on this machine. */
function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  return remoteAddress !== undefined && LOOPBACK.test(remoteAddress);
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the outbox may answer this request: a loopback socket that no proxy stands behind. A proxy on this machine
 * connects from 127.0.0.1 on behalf of anyone, so any forwarding header (whatever TRUST_PROXY says) means the browser
 * may be elsewhere.
 */
export function isLocalBrowser(remoteAddress: string | undefined, headers: Record<string, unknown>): boolean {
  return isLoopbackPeer(remoteAddress) && FORWARDING_HEADERS.every((name) => headers[name] === undefined);
}

// The secret links a kept mail may carry, for both outbox stores: the admin's sign-in link
// (`/finishSignIn?token=<token>`), a client's manage link (`/manage-booking#<token>`) and a contract's signing link
// (`/contracts/sign/<token>`), each token base64url. A redacted link keeps its shape with REDACTED for the token, so
// the mail still reads as it was sent; `[redacted]` is not base64url, so a redacted link is never matched again.
import { REDACTED } from './outbox-store';

export const LINK_MARKS = ['/finishSignIn?token=', '/manage-booking#', '/contracts/sign/'] as const;

const SECRET_LINK = /(\/finishSignIn\?token=|\/manage-booking#|\/contracts\/sign\/)([A-Za-z0-9_-]+)/g;

/** The body with the token of every secret link it carries replaced by REDACTED. */
export const redactLinks = (body: string) => body.replace(SECRET_LINK, `$1${REDACTED}`);

/** The tokens of the secret links a body still carries, each once. */
export const liveLinkTokens = (body: string) => [...new Set([...body.matchAll(SECRET_LINK)].map((m) => m[2]!))];

// The client's signing page, rendered on the server: a whole HTML page with no script, so it costs the
// site's bundles nothing and works in any browser. Every text in it is escaped. Kept out of search engines
// (noindex here and in the X-Robots-Tag header) and its link out of Referer headers.
import { escapeHtml as e } from '@studio/shared/domain';
import { formatInstant } from '@studio/shared/domain/studio-time';
import { contractSectionsHtml, type ContractDocument } from '@studio/shared/domain/contract';
import {
  CONTRACT_VOID_TITLE,
  contractVoidMessage,
  onBehalfLabel,
  type VoidReason,
} from '@studio/shared/domain/contract-signer';

const CSS = `
  :root { color-scheme: light dark; --bg: #faf8f5; --card: #fff; --ink: #1c1b1a; --muted: #5f5b57; --line: #e2ddd6;
    --accent: #7a3e2b; --accent-ink: #fff; --error: #a4262c; --ok: #1e6b3a; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #161514; --card: #201f1d; --ink: #f1ede8; --muted: #b5aea6; --line: #3a3733; --accent: #e0a48c;
      --accent-ink: #1c1b1a; --error: #ff8a8f; --ok: #7fd69b; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--ink); font: 16px/1.6 Georgia, 'Times New Roman', serif; }
  header, main { max-width: 46rem; margin: 0 auto; padding: 0 1.25rem; }
  header { padding-top: 1.5rem; padding-bottom: 0.5rem; font-family: system-ui, sans-serif; }
  header p { margin: 0; color: var(--muted); font-size: 0.9rem; letter-spacing: 0.04em; text-transform: uppercase; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1.5rem 1.25rem; margin: 1rem 0 2rem; }
  h1 { font-size: 1.55rem; line-height: 1.25; text-align: center; margin: 0.25rem 0 1.25rem; }
  h2 { font-size: 1.08rem; margin: 1.5rem 0 0.35rem; }
  p { margin: 0 0 0.6rem; overflow-wrap: anywhere; }
  .meta { font-family: system-ui, sans-serif; font-size: 0.92rem; color: var(--muted); }
  .sign { font-family: system-ui, sans-serif; }
  .sign h2 { font-family: Georgia, serif; font-size: 1.35rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input[type=text] { width: 100%; font: inherit; font-size: 1.1rem; padding: 0.7rem 0.8rem; border: 1px solid var(--line);
    border-radius: 8px; background: var(--bg); color: var(--ink); }
  input[type=text]:focus-visible, input[type=checkbox]:focus-visible, button:focus-visible, a:focus-visible {
    outline: 3px solid var(--accent); outline-offset: 2px; }
  .consent { display: flex; gap: 0.7rem; align-items: flex-start; font-weight: 400; margin-top: 1.2rem; }
  .consent input { width: 1.3rem; height: 1.3rem; margin-top: 0.15rem; flex: none; accent-color: var(--accent); }
  button { margin-top: 1.25rem; width: 100%; font: inherit; font-weight: 700; font-size: 1.05rem; padding: 0.85rem 1rem;
    border: 0; border-radius: 999px; background: var(--accent); color: var(--accent-ink); cursor: pointer; }
  a { color: var(--accent); }
  .error { color: var(--error); font-weight: 600; }
  .field-error { color: var(--error); font-weight: 600; margin: 0.4rem 0 0; }
  .hint { font-size: 0.92rem; color: var(--muted); margin: 0.35rem 0 0; }
  input[aria-invalid=true] { border-color: var(--error); border-width: 2px; }
  .behalf { border-left: 3px solid var(--line); padding-left: 0.9rem; margin-top: 0.5rem; }
  /* The role field shows once the on-behalf box is ticked; a browser without :has() shows it always. */
  @supports selector(:has(*)) {
    .behalf { display: none; }
    form:has(#onBehalf:checked) .behalf { display: block; }
  }
  .ok { color: var(--ok); }
  .hash { font-family: ui-monospace, monospace; font-size: 0.85rem; overflow-wrap: anywhere; }
  @media (min-width: 700px) { .card { padding: 2.5rem 3rem; } button { width: auto; padding-inline: 2.5rem; } }
`;

function page(title: string, siteName: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(title)} · ${e(siteName)}</title>
<style>${CSS}</style>
</head>
<body>
<header><p>${e(siteName)} · Contract</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SigningView {
  siteName: string;
  contract: ContractDocument;
  contractId: string;
  version: number;
  clientEmail: string;
  expiresAt: string;
  /** The studio's zone: the link's expiry reads as in her mail and on the dashboard. */
  timeZone: string;
  pdfHref: string;
  /** The contract's client: whom a signer on their behalf signs for. */
  clientName: string;
  /** What was typed, shown again with the errors when the form was refused. */
  values?: SignatureFormValues;
  /** Errors about the form as a whole (it was sent for another contract). */
  errors?: string[];
  /** Each refused field's messages, shown beside it. */
  fieldErrors?: SignatureFieldErrors;
}

export interface SignatureFormValues {
  fullName: string;
  onBehalf: boolean;
  role: string;
}

export type SignatureFieldErrors = Partial<Record<'fullName' | 'role' | 'consent' | 'contractId' | 'form', string[]>>;

/** A field's messages below it, named by its id so the field's aria-describedby reads them. */
const fieldError = (id: string, messages: string[] | undefined) =>
  messages?.length ? `<p class="field-error" id="${id}-error" role="alert">${messages.map(e).join(' ')}</p>` : '';
const invalid = (id: string, messages: string[] | undefined) =>
  messages?.length ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';

export const CONSENT_STATEMENT =
  'I agree to sign this contract electronically. Typing my full name and selecting “Sign contract” is my signature, ' +
  'as binding as a handwritten one. I have read the contract, and I agree to receive it and its signed copy by e-mail.';

export function signingPage(v: SigningView): string {
  const expires = formatInstant(v.expiresAt, v.timeZone);
  const f = v.fieldErrors ?? {};
  // What concerns the form as a whole on top; a field's message beside its field (said once, not twice on a phone).
  const general = [...(v.errors ?? []), ...(f.form ?? []), ...(f.contractId ?? [])];
  const errors = general.length
    ? `<div role="alert">${general.map((m) => `<p class="error">${e(m)}</p>`).join('')}</div>`
    : '';
  const values = v.values ?? { fullName: '', onBehalf: false, role: '' };
  return page(
    v.contract.title,
    v.siteName,
    `<p class="meta">Please review the contract below, then sign it at the end. Version ${v.version}. This link works until ${e(expires)}.
 <a href="${e(v.pdfHref)}">Download the PDF</a>.</p>
<article class="card">
${contractSectionsHtml(v.contract)}
</article>
<form class="card sign" method="post" action="" aria-labelledby="sign-heading">
<h2 id="sign-heading">Sign the contract</h2>
${errors}
<input type="hidden" name="contractId" value="${e(v.contractId)}">
<label for="fullName">Your full name</label>
<input type="text" id="fullName" name="fullName" autocomplete="name" required minlength="2" maxlength="120" value="${e(values.fullName)}"${invalid('fullName', f.fullName)}>
${fieldError('fullName', f.fullName)}
<p class="hint">The client’s name as on the booking, or your own if you sign on ${e(v.clientName)}’s behalf.</p>
<label class="consent"><input type="checkbox" id="onBehalf" name="onBehalf" value="yes"${values.onBehalf ? ' checked' : ''}> <span>${e(onBehalfLabel(v.clientName))}</span></label>
<div class="behalf">
<label for="role">Your role or title</label>
<input type="text" id="role" name="role" autocomplete="organization-title" maxlength="120" value="${e(values.role)}"${invalid('role', f.role)}>
${fieldError('role', f.role)}
</div>
<label class="consent"><input type="checkbox" name="consent" value="yes" required${invalid('consent', f.consent)}> <span>${e(CONSENT_STATEMENT)}</span></label>
${fieldError('consent', f.consent)}
<p class="meta">A signed copy (PDF) will be e-mailed to you at ${e(v.clientEmail)} and to ${e(v.siteName)}.</p>
<button type="submit">Sign contract</button>
</form>`,
  );
}

export function signedPage(v: { siteName: string; title: string; signerName: string; documentHash: string }): string {
  return page(
    'Contract signed',
    v.siteName,
    `<div class="card" role="status">
<h1 class="ok">Signed. Thank you, ${e(v.signerName)}.</h1>
<p>You signed the ${e(v.title)}. A signed copy (PDF, with its audit trail) has been e-mailed to you and to ${e(v.siteName)}.</p>
<p class="meta">Document SHA-256:</p>
<p class="hash">${e(v.documentHash)}</p>
</div>`,
  );
}

export type LinkProblem = 'invalid' | 'expired' | 'signed' | `void-${VoidReason}`;

const voidText = (reason: VoidReason, siteName: string): [string, string] => [
  CONTRACT_VOID_TITLE,
  `${contractVoidMessage(reason)} If this is unexpected, please contact ${siteName}.`,
];

export function linkProblemPage(problem: LinkProblem, siteName: string): string {
  const text: Record<LinkProblem, [string, string]> = {
    'void-cancelled': voidText('cancelled', siteName),
    'void-declined': voidText('declined', siteName),
    invalid: [
      'This signing link is not valid',
      'The link may be incomplete, or it was replaced by a newer one. If you already signed, your signed copy was e-mailed to you.',
    ],
    expired: [
      'This signing link has expired',
      `Signing links work for 14 days. Please ask ${siteName} to send you a new one.`,
    ],
    signed: [
      'This contract is already signed',
      'Your signed copy was e-mailed to you. A link signs its contract once.',
    ],
  };
  const [title, body] = text[problem];
  return page(title, siteName, `<div class="card" role="alert"><h1>${e(title)}</h1><p>${e(body)}</p></div>`);
}

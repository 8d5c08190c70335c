// A client's answer reaches her: every mail to a client (the request's confirmation, status changes, the contract to
// sign and its signed copy, receipts, the deposit link) leaves from MAIL_FROM's no-reply address with Reply-To her public
// address from Site details, and ends with a line that names it, in the text and in the HTML part. Never ADMIN_EMAIL,
// her private sign-in address: without a public address there is no Reply-To, and the line is not written (no mail
// promises an answer that would go to the no-reply address).
import { escapeHtml } from '@studio/shared/domain';
import type { MailMessage } from './mail-message';

/** The footer's words, hers: "Reply to this e-mail or write to me at bookings@example.com." */
export const replyLine = (address: string) => `Reply to this e-mail or write to me at ${address}.`;

/** An address a mail header and a mailto: link can carry as it is; anything else is treated as none. */
const usable = (address: string) => /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/.test(address);

/**
 * `message` to a client, answered to her `publicEmail` (Site details' `email`, '' when she gave none): Reply-To it and
 * the footer line naming it, after the text and before the HTML part's end. Unchanged without an address.
 */
export function replyingToHer(message: MailMessage, publicEmail: string): MailMessage {
  const address = publicEmail.trim();
  if (!usable(address)) return message;
  const safe = escapeHtml(address);
  const footer = `<p style="color: #4B5563; font-size: 14px">Reply to this e-mail or write to me at <a href="mailto:${safe}">${safe}</a>.</p>\n`;
  const html = message.html;
  return {
    ...message,
    replyTo: address,
    text: `${message.text.trimEnd()}\n\n${replyLine(address)}\n`,
    ...(html !== undefined && {
      // A function, so nothing in the address is read as a replacement pattern ('$&').
      html: html.includes('</body>')
        ? html.replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${footer}</body>`)
        : html + footer,
    }),
  };
}

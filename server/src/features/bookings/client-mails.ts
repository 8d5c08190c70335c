// The mails a client gets about her own request, rendered from Handlebars templates: an HTML part, in
// which `{{ }}` HTML-escapes everything she typed, and a plain-text part (compiled with noEscape, since text needs no
// escaping). Dates and times are the studio's own (TIMEZONE): calendar dates are written as they are, the request's
// arrival in the studio's zone.
import Handlebars from 'handlebars';
import type { BookingRequest } from '@studio/shared/domain';
import { bookingReference } from '@studio/shared/domain/lifecycle';
import { formatInstant, formatLongDate, formatSlot } from '@studio/shared/domain/studio-time';
import type { StatusMail } from '@studio/shared/domain/status-mail';
import type { MailAttachment, MailMessage } from '../messaging';

interface Line {
  label: string;
  value: string;
}

interface ConfirmationView {
  name: string;
  reference: string;
  receivedAt: string;
  lines: Line[];
  manageUrl: string;
}

const CONFIRMATION_TEXT = `Hi {{name}},

Thank you for your booking request. It has arrived and I will get back to you soon.

Reference: {{reference}}
Received: {{receivedAt}}
{{#each lines}}
{{label}}: {{value}}
{{/each}}

To see its status, cancel it or ask to move it to another date, open your private link:
{{manageUrl}}

Keep this link to yourself: anyone who has it can change your request.
`;

const CONFIRMATION_HTML = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
<p>Hi {{name}},</p>
<p>Thank you for your booking request. It has arrived and I will get back to you soon.</p>
<table role="presentation" style="border-collapse: collapse">
<tr><th align="left" style="padding: 2px 12px 2px 0">Reference</th><td>{{reference}}</td></tr>
<tr><th align="left" style="padding: 2px 12px 2px 0">Received</th><td>{{receivedAt}}</td></tr>
{{#each lines}}<tr><th align="left" style="padding: 2px 12px 2px 0">{{label}}</th><td>{{value}}</td></tr>
{{/each}}</table>
<p><a href="{{manageUrl}}">See, cancel or move your request</a></p>
<p style="color: #4B5563; font-size: 14px">Keep this link to yourself: anyone who has it can change your request.</p>
</body></html>
`;

// Compiled once; strict so a misspelt field fails loudly in the tests rather than rendering as nothing.
const confirmationText = Handlebars.compile<ConfirmationView>(CONFIRMATION_TEXT, { noEscape: true, strict: true });
const confirmationHtml = Handlebars.compile<ConfirmationView>(CONFIRMATION_HTML, { strict: true });

/** The manage page's address; the token rides in the fragment, which no server log or Referer ever carries. */
export const manageUrlOf = (publicOrigin: string, token: string) => `${publicOrigin}/manage-booking#${token}`;

const dayAndTime = (date: string, time: string) =>
  date ? [formatLongDate(date), time ? formatSlot(time) : ''].filter(Boolean).join(', ') : '';

export function summaryLines(booking: BookingRequest): Line[] {
  const line = (label: string, value: string): Line[] => (value ? [{ label, value }] : []);
  return [
    ...line('Service', [booking.service, booking.serviceTier].filter(Boolean).join(', ')),
    ...line('Consultation', dayAndTime(booking.consultationDate, booking.consultationTime)),
    ...line(
      // A booking with a consultation is of a service that needs one: its date is the shoot's.
      booking.consultationDate ? 'Shoot date' : 'Preferred date',
      dayAndTime(booking.date, booking.time),
    ),
    ...line('Last shoot day', booking.endDate ? formatLongDate(booking.endDate) : ''),
    ...line('Location', booking.location),
  ];
}

export function clientConfirmationMail(
  booking: BookingRequest,
  options: { publicOrigin: string; timeZone: string; token: string },
): MailMessage {
  const view: ConfirmationView = {
    name: booking.name,
    reference: bookingReference(booking.id),
    receivedAt: formatInstant(booking.createdAt, options.timeZone),
    lines: summaryLines(booking),
    manageUrl: manageUrlOf(options.publicOrigin, options.token),
  };
  return {
    to: booking.email,
    subject: `Your booking request ${view.reference} has arrived`,
    text: confirmationText(view),
    html: confirmationHtml(view),
  };
}

interface StatusView {
  paragraphs: string[];
  personalMessage: string;
  signature: string;
}

// The personal message stands out as her own words; every paragraph is escaped by `{{ }}`.
const STATUS_HTML = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
{{#each paragraphs}}{{#if (eq this @root.personalMessage)}}<blockquote style="margin: 0 0 1em; padding-left: 12px; border-left: 3px solid #D1D5DB; white-space: pre-line">{{this}}</blockquote>
{{else}}<p>{{this}}</p>
{{/if}}{{/each}}<p>{{signature}}</p>
</body></html>
`;

const statusHandlebars = Handlebars.create();
statusHandlebars.registerHelper('eq', (a: unknown, b: unknown) => a === b);
const statusHtml = statusHandlebars.compile<StatusView>(STATUS_HTML, { strict: true });

/** The status-change mail (its text from @studio/shared/domain/status-mail, as the dashboard previewed it). */
export function statusChangeMail(
  booking: BookingRequest,
  mail: StatusMail,
  invite: MailAttachment | null,
): MailMessage {
  return {
    to: booking.email,
    subject: mail.subject,
    text: mail.text,
    html: statusHtml({ paragraphs: mail.paragraphs, personalMessage: mail.personalMessage, signature: mail.signature }),
    ...(invite ? { attachments: [invite] } : {}),
  };
}

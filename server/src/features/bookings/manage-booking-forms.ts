// The client's manage page without JavaScript: its plain forms post to the page's own address, /manage-booking, and
// are answered with the page rendered with her request as it now stands (features/pages/plain-forms.routes.ts takes
// the posts: the Origin check, the urlencoded body, the public write limit, the rendered answer with no-store).
// Without script the page cannot read the key in the link's fragment, so she pastes the link into the first form;
// every later form carries the key in a hidden field, never in an address. Each form is checked by the JSON API's
// own schema (manageRequestSchema, manageMoveSchema) and handled by the same service (manage-booking.ts), so a plain
// post is held to the API's rules and answered with its messages. Cancelling takes two posts: the first answers
// "Are you sure?", only the second, confirmed, cancels (it mails her and cannot be undone).
import type { ManageView } from '@studio/shared/domain';
import { CLOSED_STATUSES } from '@studio/shared/domain/lifecycle';
import {
  MANAGE_CANCEL_CONFIRMED,
  MANAGE_FORM_FIELDS as F,
  type ManagePost,
  type PlainFormPost,
} from '@studio/shared/domain/plain-form';
import { ROUTES } from '@studio/shared/routes';
import { manageMoveSchema, manageRequestSchema } from '@studio/shared/schemas';
import { HttpError, parseOr400 } from '../../platform/http/errors';
import { refusalOf, type PlainForms } from '../pages';
import { MANAGE_CLOSED, manageViewOf, type ManageBooking } from './manage-booking';

type Fields = Readonly<Record<string, string | undefined>>;
interface Answer {
  status: number;
  formPost: PlainFormPost;
}

/**
 * The link's key in what she pasted: the whole link (the key is its fragment) or the key alone, spaces around it
 * dropped. Whatever it gives is then checked by the API's schema.
 */
export function tokenOfLink(pasted: string): string {
  const trimmed = pasted.trim();
  const hash = trimmed.lastIndexOf('#');
  return hash >= 0 ? trimmed.slice(hash + 1) : trimmed;
}

const NOTHING = { values: {}, fieldErrors: {}, message: '' } satisfies Partial<ManagePost>;

export function addManageForms(forms: PlainForms, manage: ManageBooking): void {
  const path = ROUTES.manageBooking.pattern;

  /** The page with her request as it now stands (read again), and its invoice while the request is open. */
  const page = async (
    token: string,
    outcome: ManagePost['outcome'],
    status = 200,
    more: Partial<ManagePost> = {},
  ): Promise<Answer> => {
    const booking = await manage.find(token);
    const view: ManageView = manageViewOf(booking);
    // As the page with script: no invoice once declined or cancelled, and none when it cannot be made.
    const invoice = view.open ? await manage.invoice(booking).catch(() => null) : null;
    return { status, formPost: { form: 'manage', outcome, token, view, invoice, ...NOTHING, ...more } };
  };

  /**
   * A refusal as the page shows it: with her request and the form's values and messages when the key opened one;
   * when the key is malformed or leads nowhere (a 404), the form to paste the link again, with the message.
   */
  const refused = async (
    error: unknown,
    token: string,
    values: Record<string, string>,
    more: Partial<ManagePost> = {},
  ): Promise<Answer> => {
    const { status, fieldErrors, message } = refusalOf(error);
    const { token: keyError, ...others } = fieldErrors;
    if (keyError !== undefined || status === 404) {
      const link = values[F.link];
      return {
        status,
        formPost: {
          form: 'manage',
          outcome: 'refused',
          token: '',
          view: null,
          invoice: null,
          values: link === undefined ? {} : { [F.link]: link },
          fieldErrors: { [F.link]: keyError ?? message },
          message: keyError ?? message,
        },
      };
    }
    return page(token, 'refused', status, { ...more, values, fieldErrors: others, message });
  };

  // The link pasted (or a form's hidden key, to show the request again): her request.
  forms.add(path, 'manage-open', async (fields: Fields) => {
    const pasted = fields[F.link] ?? fields[F.token] ?? '';
    const token = tokenOfLink(pasted);
    try {
      parseOr400(manageRequestSchema, { token });
      return await page(token, 'shown');
    } catch (error) {
      return refused(error, token, { [F.link]: pasted });
    }
  });

  // Cancel: asked first ("Are you sure?"), done only when that question's "Yes" is posted; its other button keeps it.
  forms.add(path, 'manage-cancel', async (fields: Fields) => {
    const token = fields[F.token] ?? '';
    try {
      parseOr400(manageRequestSchema, { token });
      const confirm = fields[F.confirm];
      if (confirm === MANAGE_CANCEL_CONFIRMED) {
        await manage.cancel(token);
        return await page(token, 'cancelled');
      }
      if (confirm !== undefined) return await page(token, 'shown');
      const booking = await manage.find(token);
      if (CLOSED_STATUSES.includes(booking.status)) throw new HttpError(409, MANAGE_CLOSED);
      return await page(token, 'confirm-cancel');
    } catch (error) {
      return refused(error, token, {});
    }
  });

  // Ask to move a date: the API's schema and rules; a refusal keeps what she chose, with each field's message.
  forms.add(path, 'manage-move', async (fields: Fields) => {
    const token = fields[F.token] ?? '';
    const values = { part: fields.part ?? 'shoot', date: fields.date ?? '', time: fields.time ?? '' };
    const part = values.part === 'consultation' ? 'consultation' : 'shoot';
    try {
      // Only the schema's own fields (the form's name and the key's field are not part of a move).
      const move = parseOr400(manageMoveSchema, {
        token,
        ...(fields.part === undefined ? {} : { part: fields.part }),
        date: values.date,
        time: values.time,
      });
      await manage.reschedule(move);
      return await page(token, 'move-sent', 200, { part: move.part });
    } catch (error) {
      return refused(error, token, values, { part });
    }
  });
}

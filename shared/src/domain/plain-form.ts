// A form posted without JavaScript: the server checks it with the same rules as the JSON API and
// answers with the page again, rendered with what happened. This is what the server gives the page's render.
import type { ManageView, MovablePart } from './booking-types';
import type { Invoice } from './invoice';

/** A refused post: the form again, with what was entered and why it was refused. */
interface RefusedPost {
  outcome: 'refused';
  /** What she entered, field by field, so nothing she typed is lost. */
  values: Record<string, string | boolean>;
  /** The first message of each refused field. */
  fieldErrors: Record<string, string>;
  /** The refusal as a whole (shown above the send button). */
  message: string;
}

/**
 * The client's manage page answering one of its plain forms: her request as it now stands (the same view the JSON
 * API answers, and its invoice where it has one), with what the post did: 'shown' (the link's key opened it),
 * 'confirm-cancel' (the cancel's "Are you sure?" step), 'cancelled', 'move-sent', or 'refused' (the post's field
 * errors and message; `view` is null when the key leads to no request). `token` is the link's key, which the page's
 * forms carry in a hidden field, never in an address; '' when it led nowhere.
 */
export interface ManagePost {
  form: 'manage';
  outcome: 'shown' | 'confirm-cancel' | 'cancelled' | 'move-sent' | 'refused';
  token: string;
  view: ManageView | null;
  invoice: Invoice | null;
  /** The date a move was asked for, or refused for. */
  part?: MovablePart;
  /** A refused post's fields as she entered them ({} otherwise). */
  values: Record<string, string>;
  /** The first message of each refused field ({} otherwise). */
  fieldErrors: Record<string, string>;
  /** A refusal as a whole ('' otherwise). */
  message: string;
}

/**
 * A form's answer to a plain post: the booking form's (sent, with the reference the client quotes, or refused), her
 * contact form's (sent or refused), or the client's manage page.
 */
export type PlainFormPost =
  | { form: 'booking'; outcome: 'sent'; reference: string }
  | ({ form: 'booking' } & RefusedPost)
  | { form: 'contact'; outcome: 'sent' }
  | ({ form: 'contact' } & RefusedPost)
  | ManagePost;

/**
 * The forms a page posts without JavaScript, by the name each gives in its hidden field: /book-me's booking and
 * contact forms, and the manage page's: open (the link pasted), cancel (asked, then confirmed) and move.
 */
export type PlainFormName = 'booking' | 'contact' | 'manage-open' | 'manage-cancel' | 'manage-move';

/** Which form a page's plain post is: the forms posting to one page name themselves in this field. */
export const PLAIN_FORM_FIELD = 'form';

/** The manage page's plain forms: the field the pasted link comes in, and the cancel's confirmation. */
export const MANAGE_FORM_FIELDS = { link: 'link', token: 'token', confirm: 'confirm' } as const;
/** The value of the confirmation field that cancels (the other button keeps the request). */
export const MANAGE_CANCEL_CONFIRMED = 'yes';

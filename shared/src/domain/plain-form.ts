// A form posted without JavaScript: the server checks it with the same rules as the JSON API and
// answers with the page again, rendered with what happened. This is what the server gives the page's render.

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
 * A form's answer to a plain post: the booking form's (sent, with the reference the client quotes, or refused) or her
 * contact form's (sent or refused).
 */
export type PlainFormPost =
  | { form: 'booking'; outcome: 'sent'; reference: string }
  | ({ form: 'booking' } & RefusedPost)
  | { form: 'contact'; outcome: 'sent' }
  | ({ form: 'contact' } & RefusedPost);

/** Which form a page's plain post is: the forms posting to one page name themselves in this field. */
export const PLAIN_FORM_FIELD = 'form';

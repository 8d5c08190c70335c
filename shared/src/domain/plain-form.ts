// A form posted without JavaScript (issue 27, item 14): the server checks it with the same rules as the JSON API and
// answers with the page again, rendered with what happened. This is what the server gives the page's render.

/** The booking form's answer to a plain post: sent (with the reference the client quotes) or refused. */
export type PlainFormPost =
  | { form: 'booking'; outcome: 'sent'; reference: string }
  | {
      form: 'booking';
      outcome: 'refused';
      /** What she entered, field by field, so nothing she typed is lost. */
      values: Record<string, string | boolean>;
      /** The first message of each refused field. */
      fieldErrors: Record<string, string>;
      /** The refusal as a whole (shown above the send button). */
      message: string;
    };

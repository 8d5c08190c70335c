// @studio/shared/schemas/quote: the quote schemas, an entry of their own so that a page loads them only where it
// shows or edits a quote.
export * from '../api/quotes';

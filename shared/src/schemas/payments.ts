// @studio/shared/schemas/payments: the payments' schemas, an entry of their own so that a page loads them only
// where it shows or takes a payment.
export * from '../api/payments';

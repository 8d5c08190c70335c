// Her quote dialog once the client has paid, against this worker's real server: the dialog says what was
// paid, Save asks first (the client's page and invoice change), and a total below what was paid is refused by the
// server, its message shown in the dialog's error area with what she typed kept. Without a payment, Save saves at once.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { adminPayments } from '@studio/shared/backend/http/payments';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { BookingRequest } from '@studio/shared/domain';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { adminServer } from '../../test-support/admin-server';
import { storedBooking } from '../../test-support/bookings';
import { PaymentViewsProvider } from '../payments/api/booking-payments';
import { PaymentPanel } from '../payments/payment-panel';
import { QuoteDialog } from './quote-dialog';

const stored = storedBooking({ description: 'Spring campaign', status: 'Confirmed' });

let server: StudioServer;
let backend: Backend;
let booking: BookingRequest;

/**
 * The confirmed $350 booking's card's payments and its quote dialog; (when given) what the client paid, by hand, and
 * what of the booking differs.
 */
async function start(
  paidCents?: number,
  { dialogReadsPayments = true, over = {} }: { dialogReadsPayments?: boolean; over?: Partial<typeof stored> } = {},
) {
  ({ server, backend } = await adminServer({ bookings: [{ ...stored, ...over }] }));
  booking = { ...stored, id: server.ids.bookings[0]! };
  if (paidCents) await adminPayments().record(booking.id, { kind: 'deposit', method: 'cash', amountCents: paidCents });
  // The dialog's own read of the payments fails (the card's, one read for the whole list, still answers).
  if (!dialogReadsPayments) server.failRequests(`GET /api/admin/bookings/${booking.id}/payments$`);
  await act(async () => {
    render(
      <BackendProvider backend={backend} cache={createQueryCache()}>
        {/* The card's panel reads the list's one payments read, as on the dashboard. */}
        <PaymentViewsProvider bookingIds={[booking.id]}>
          <PaymentPanel bookingId={booking.id} />
        </PaymentViewsProvider>
        <QuoteDialog booking={booking} onClose={() => undefined} />
      </BackendProvider>,
    );
  });
  await server.settle();
  return screen.getByRole('dialog', { name: 'Quote · Jordan Lee' });
}

const savedVersion = async () => (await (await backend.quotes()).forBooking(booking.id)).version;
const typeBase = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText('Standard ($)'), { target: { value } });
const click = async (button: HTMLElement) => {
  fireEvent.click(button);
  await server.settle();
};

test('once the client has paid, the dialog says how much, and Save asks before it saves', async () => {
  const dialog = await start(17_500);
  const card = () => screen.getByTestId('booking-payments');
  expect(card()).toHaveTextContent('$175 of $350 paid');
  expect(within(dialog).getByTestId('quote-paid')).toHaveTextContent(
    /^The client has paid \$175 so far\. Saving changes the balance due\.$/,
  );
  typeBase(dialog, '500');
  await click(within(dialog).getByRole('button', { name: 'Save quote' }));
  const confirm = screen.getByRole('dialog', { name: 'Change a paid quote?' });
  expect(confirm).toHaveTextContent(
    'The client has paid $175 so far. With this quote the total is $500 and $325 stays due. The client’s page and invoice change to show it.',
  );
  // Asked, not yet saved; Cancel saves nothing and keeps what she typed.
  expect(await savedVersion()).toBe(0);
  await click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog', { name: 'Change a paid quote?' })).toBeNull();
  expect(await savedVersion()).toBe(0);
  expect(within(dialog).getByLabelText('Standard ($)')).toHaveValue('500');

  await click(within(dialog).getByRole('button', { name: 'Save quote' }));
  await click(
    within(screen.getByRole('dialog', { name: 'Change a paid quote?' })).getByRole('button', {
      name: 'Save the new quote',
    }),
  );
  expect(screen.queryByRole('dialog', { name: 'Change a paid quote?' })).toBeNull();
  expect(within(dialog).getByTestId('quote-state')).toHaveTextContent(/^Saved · version 1/);
  expect(await savedVersion()).toBe(1);
  expect(await adminPayments().forBooking(booking.id)).toMatchObject({ totalCents: 50_000, paidCents: 17_500 });
  // The booking's payments follow the new total at once.
  await server.settle();
  expect(card()).toHaveTextContent('$175 of $500 paid');
});

test('saved while the dialog has not read the payments: Save reads them first, then asks', async () => {
  const dialog = await start(17_500, { dialogReadsPayments: false });
  expect(within(dialog).queryByTestId('quote-paid')).toBeNull();
  server.failRequests();
  typeBase(dialog, '500');
  await click(within(dialog).getByRole('button', { name: 'Save quote' }));
  expect(screen.getByRole('dialog', { name: 'Change a paid quote?' })).toHaveTextContent(
    'The client has paid $175 so far. With this quote the total is $500 and $325 stays due.',
  );
  expect(await savedVersion()).toBe(0);
});

test('a total below what was paid: the server’s refusal shows in the dialog, and what she typed stays', async () => {
  const dialog = await start(17_500);
  typeBase(dialog, '100');
  await click(within(dialog).getByRole('button', { name: 'Save quote' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(
    /^The client has already paid \$175; this quote comes to \$100\. A quote below what was paid would need a refund first: record it under the booking’s payments \(Refund\), then lower the quote\.$/,
  );
  expect(within(dialog).getByLabelText('Standard ($)')).toHaveValue('100');
  expect(within(dialog).getByTestId('quote-state')).toHaveTextContent('Unsaved changes');
  expect(await savedVersion()).toBe(0);
});

test('with nothing paid there is no notice, and Save saves at once', async () => {
  const dialog = await start();
  expect(within(dialog).queryByTestId('quote-paid')).toBeNull();
  typeBase(dialog, '100');
  await click(within(dialog).getByRole('button', { name: 'Save quote' }));
  expect(screen.queryByRole('dialog', { name: 'Change a paid quote?' })).toBeNull();
  expect(within(dialog).getByTestId('quote-state')).toHaveTextContent(/^Saved · version 1/);
  expect(await savedVersion()).toBe(1);
});

test('a "100% upfront" booking’s quote asks no deposit, and saving it keeps the whole amount due upfront', async () => {
  const dialog = await start(undefined, { over: { paymentSchedule: '100% upfront' } });
  expect(within(dialog).getByLabelText('No deposit')).toBeChecked();
  expect(within(dialog).getByLabelText('When the balance is due')).toHaveValue('upfront');
  expect(within(dialog).queryByLabelText('Balance due (days before the booked date)')).toBeNull();
  expect(within(dialog).getByTestId('quote-deposit')).toHaveTextContent(
    /^No deposit · \$350 due when the booking is confirmed$/,
  );
  typeBase(dialog, '400');
  await click(within(dialog).getByRole('button', { name: 'Save quote' }));
  const saved = await (await backend.quotes()).forBooking(booking.id);
  expect(saved.input).toMatchObject({ baseCents: 40_000, deposit: { kind: 'none' }, balanceDue: 'upfront' });
  expect(saved.quote).toMatchObject({ depositCents: 0, balanceCents: 40_000, balanceDue: 'upfront' });
});

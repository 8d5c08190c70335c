// Her dashboard's payment panels against the real server (shared/src/test-support/studio-server.ts). Every
// confirmed card's payments come from one read and one live subscription: several confirmed bookings make exactly one
// payments request, a payment recorded elsewhere (another tab, Stripe's webhook) reaches the right card live, and her
// payment by hand shows on its card at once.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import { adminPayments } from '@studio/shared/backend/http/payments';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { BookingRequest } from '@studio/shared/domain';
import { adminServer } from '../../test-support/admin-server';
import { photoshootService, storedBooking } from '../../test-support/bookings';
import AdminApp from '../../app/app';

const ADMIN = 'admin@studio.test';

const booking = (name: string, status: BookingRequest['status'], n: number) =>
  storedBooking({
    name,
    email: `client${n}@example.com`,
    date: `2030-05-0${n}`,
    description: `Shoot for ${name}`,
    status,
    createdAt: `2030-01-0${n}T10:00:00.000Z`,
    updatedAt: `2030-01-0${n}T10:00:00.000Z`,
  });

const CONFIRMED = ['Ava Confirmed', 'Ben Confirmed', 'Cleo Confirmed', 'Dev Confirmed'];

let server: StudioServer;
let memory: Backend;
let ids: Record<string, string>;

beforeEach(async () => {
  const bookings = [
    ...CONFIRMED.map((name, i) => booking(name, 'Confirmed', i + 1)),
    booking('Eve New', 'New', 5),
    booking('Finn Contacted', 'Contacted', 6),
  ];
  ({ server, backend: memory } = await adminServer({
    services: [photoshootService],
    bookings,
  }));
  ids = Object.fromEntries(bookings.map((b, i) => [b.name, server.ids.bookings[i]!]));
  memory.auth.onChange((user) => authStore.getState().setUser(user));
  authStore.getState().setUser({ email: ADMIN, isAdmin: true });
});

async function renderDashboard() {
  await act(async () => {
    render(
      <BackendProvider backend={memory} cache={createQueryCache()}>
        <MemoryRouter initialEntries={['/admin']}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
          </Routes>
        </MemoryRouter>
      </BackendProvider>,
    );
  });
  await server.settle();
}

const cardOf = (name: string) => screen.getByRole('article', { name });
const paidLine = (name: string) => within(cardOf(name)).queryByText(/ of \$350 paid$/)?.textContent ?? null;
const singleReads = () =>
  Object.values(ids).reduce((n, id) => n + server.requests(`GET /api/admin/bookings/${id}/payments`), 0);

test('several confirmed cards make exactly one payments request, and each card shows its own booking', async () => {
  // One of them is part paid before she opens the dashboard.
  await adminPayments().record(ids['Cleo Confirmed']!, { kind: 'deposit', method: 'cash', amountCents: 17_500 });
  await renderDashboard();
  await waitFor(() => expect(paidLine('Dev Confirmed')).not.toBeNull());
  expect(server.requests('GET /api/admin/payments')).toBe(1);
  expect(singleReads()).toBe(0);
  expect(CONFIRMED.map(paidLine)).toEqual([
    '$0 of $350 paid',
    '$0 of $350 paid',
    '$175 of $350 paid',
    '$0 of $350 paid',
  ]);
  expect(within(cardOf('Cleo Confirmed')).getByRole('list', { name: 'Payment' })).toHaveTextContent('Deposit paid');
  // A card that is not confirmed has no payment panel.
  expect(within(cardOf('Eve New')).queryByTestId('booking-payments')).toBeNull();
});

test('a payment recorded elsewhere reaches the right card live, reading that booking only', async () => {
  await renderDashboard();
  await waitFor(() => expect(paidLine('Ben Confirmed')).toBe('$0 of $350 paid'));
  // Another tab (or Stripe's webhook) records Ben's deposit: the live stream's `payment` event tells the dashboard.
  await act(async () => {
    await adminPayments().record(ids['Ben Confirmed']!, {
      kind: 'deposit',
      method: 'bank transfer',
      amountCents: 17_500,
    });
  });
  await waitFor(() => expect(paidLine('Ben Confirmed')).toBe('$175 of $350 paid'));
  expect(within(cardOf('Ben Confirmed')).getByRole('list', { name: 'Payment' })).toHaveTextContent('Deposit paid');
  expect(['Ava Confirmed', 'Cleo Confirmed', 'Dev Confirmed'].map(paidLine)).toEqual([
    '$0 of $350 paid',
    '$0 of $350 paid',
    '$0 of $350 paid',
  ]);
  await server.settle();
  // The event read Ben's booking again, and nothing else: not the whole list, not a card each.
  expect(server.requests('GET /api/admin/payments')).toBe(1);
  expect(server.requests(`GET /api/admin/bookings/${ids['Ben Confirmed']}/payments`)).toBe(1);
  expect(singleReads()).toBe(1);
});

test('her payment by hand shows on its card at once, from the answer of her write', async () => {
  await renderDashboard();
  await waitFor(() => expect(paidLine('Ava Confirmed')).toBe('$0 of $350 paid'));
  // Reading Ava's booking again (what the live event of her write asks for) fails: what the card shows can only come
  // from the answer of her write.
  server.failRequests(`GET /api/admin/bookings/${ids['Ava Confirmed']}/payments$`);
  const card = cardOf('Ava Confirmed');
  fireEvent.click(within(card).getByRole('button', { name: 'Record a payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
  await act(async () => {
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Record it' }));
    await server.idle();
  });
  await waitFor(() => expect(paidLine('Ava Confirmed')).toBe('$175 of $350 paid'));
  expect(within(cardOf('Ava Confirmed')).getByRole('status')).toHaveTextContent('Payment recorded.');
  await server.settle();
  expect(paidLine('Ava Confirmed')).toBe('$175 of $350 paid');
  expect(server.requests(`GET /api/admin/bookings/${ids['Ava Confirmed']}/payments`)).toBe(1);
  expect(server.requests('GET /api/admin/payments')).toBe(1);
  server.restoreNetwork();
});

test('she refunds part of a payment by hand: the card shows it, and more than is left is refused in the server’s words', async () => {
  await adminPayments().record(ids['Cleo Confirmed']!, {
    kind: 'deposit',
    method: 'bank transfer',
    amountCents: 17_500,
  });
  await renderDashboard();
  await waitFor(() => expect(paidLine('Cleo Confirmed')).toBe('$175 of $350 paid'));
  const card = cardOf('Cleo Confirmed');
  fireEvent.click(within(card).getByText('Payments (1)'));
  const refund = within(card).getByRole('button', { name: 'Refund the $175 deposit paid by bank transfer' });
  expect(refund).toHaveTextContent(/^Refund$/);

  // More than was paid: the server refuses, and says how much is left.
  fireEvent.click(refund);
  let dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
  expect(dialog).toHaveTextContent('$175 of it is left to refund.');
  expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue('175');
  fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '200' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await act(async () => {
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Record the refund' }));
    await server.idle();
  });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    /^At most \$175 of this payment is left to refund\.$/,
  );
  expect(paidLine('Cleo Confirmed')).toBe('$175 of $350 paid');

  // $100 of it: asked first, then recorded; the card shows it at once.
  fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '100' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(dialog).toHaveTextContent(
    'Record a refund of $100 on the deposit? The client and you get a refund receipt by e-mail.',
  );
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    await server.idle();
  });
  await waitFor(() => expect(paidLine('Cleo Confirmed')).toBe('$75 of $350 paid'));
  expect(within(card).getByRole('status')).toHaveTextContent('Refund recorded.');
  expect(card).toHaveTextContent('$100 refunded');
  expect(
    (await server.outbox()).filter((mail) => mail.subject.startsWith('Refund: ')).map((mail) => mail.recipient),
  ).toEqual(expect.arrayContaining(['client3@example.com', ADMIN]));

  // The rest of it: once refunded in full, the payment has no Refund any more.
  fireEvent.click(within(card).getByRole('button', { name: 'Refund the $175 deposit paid by bank transfer' }));
  dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
  expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue('75');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    await server.idle();
  });
  await waitFor(() => expect(paidLine('Cleo Confirmed')).toBe('$0 of $350 paid'));
  expect(within(card).queryByRole('button', { name: /^Refund the / })).toBeNull();
  expect(card).toHaveTextContent('$175 refunded');
});

// Her dashboard says when the site's mail reaches nobody. The dashboard runs against this worker's real
// server, signed in as her; its mail is a local development outbox, which is no news to her (no banner). The states a
// production site can be in (the outbox chosen on purpose, mail refused by the mail server) are given as the server
// answers them (GET /api/admin/settings/mail, server/test/mail-queue.test.ts).
import { act, render, screen } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { MailStatus } from '@studio/shared/domain';
import { adminServer } from '../../test-support/admin-server';
import { MailBanner } from './mail-banner';

let backend: Backend;
beforeEach(async () => {
  ({ backend } = await adminServer());
});

async function renderBanner(answer?: MailStatus) {
  if (answer) backend.notifications.getMailStatus = async () => answer;
  await act(async () => {
    render(
      <BackendProvider backend={backend} cache={createQueryCache()}>
        <MailBanner />
      </BackendProvider>,
    );
  });
}

test('mail that leaves (or a development outbox): no banner', async () => {
  expect(await backend.notifications.getMailStatus()).toEqual({ state: 'ok', waiting: 0, givenUp: 0, lastError: null });
  await renderBanner();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('the outbox chosen on a production site: she is told nobody receives the mail, and what to set', async () => {
  await renderBanner({ state: 'outbox', waiting: 0, givenUp: 0, lastError: null });
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('Your site is not sending email');
  expect(banner).toHaveTextContent('nobody receives them. Set SMTP_URL in the settings file and restart the site.');
});

test('mail refused by the mail server: how many wait, how many were lost, and what the server said', async () => {
  await renderBanner({ state: 'degraded', waiting: 2, givenUp: 1, lastError: '535 Authentication failed' });
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('Email is not getting through');
  expect(banner).toHaveTextContent(
    '2 emails are waiting: the mail server did not take them. The site tries again for 24 hours.',
  );
  expect(banner).toHaveTextContent('1 email could not be delivered in 24 hours and was given up.');
  expect(banner).toHaveTextContent("The mail server's last answer: 535 Authentication failed");
});

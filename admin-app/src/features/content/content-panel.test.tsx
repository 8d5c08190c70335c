// The Content tab against the real server: what she changes is what visitors read next, the shared schemas refuse
// what the server would (a price that is not '$NNN', a photo without alt text) with the message beside the field,
// deleting asks first, and the portfolio order follows the keyboard.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { PortfolioContent, Service } from '@studio/shared/domain';
import {
  ALT_TEXT_REQUIRED,
  NO_MARKUP_MESSAGE,
  PRICE_MESSAGE,
  DISPLAY_PRICE_MESSAGE,
  mediaItemSchema,
  mediaUploadFieldsSchema,
} from '@studio/shared/schemas';
import { adminServer } from '../../test-support/admin-server';
import { longestAccepted } from '../../test-support/schema-bounds';
import ContentPanel from './content-panel';

const photoshoot: Service = {
  id: 'photoshoot',
  displayName: 'Photoshoot',
  description: 'Studio or location.',
  image: '',
  price: '',
  tiers: [{ id: 'photoshoot-mini', displayName: 'Mini Session', price: '$250', includes: ['1 hour'] }],
};
const events: Service = { ...photoshoot, id: 'events', displayName: 'Events', tiers: [] };
const portfolio: PortfolioContent = {
  runway: {},
  print: {},
  'comp-card': [
    { type: 'image', url: '/media/a.jpg', name: 'Headshot' },
    { type: 'image', url: '/media/b.jpg', name: 'Full length' },
  ],
  digitals: [],
};

let backend: Backend;
beforeEach(async () => {
  ({ backend } = await adminServer({ services: [photoshoot, events], portfolioContent: portfolio }));
  render(
    <BackendProvider backend={backend} cache={createQueryCache()}>
      <ContentPanel />
    </BackendProvider>,
  );
  // The services area opens first: its list is read before each test starts.
  await screen.findByRole('button', { name: 'Edit Photoshoot' });
});

const area = (name: string) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}$`) })));

test("changes a tier's price; visitors read the new price", async () => {
  const edit = await screen.findByRole('button', { name: 'Edit Photoshoot' });
  await act(async () => fireEvent.click(edit));
  const dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  const tier = within(dialog).getByRole('group', { name: 'Tier 1' });
  fireEvent.change(within(tier).getByLabelText('Price'), { target: { value: '$275' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.tiers[0]?.price).toBe('$275');
});

test('refuses a price that is not a dollar amount, beside the field, and saves nothing', async () => {
  const edit = await screen.findByRole('button', { name: 'Edit Photoshoot' });
  await act(async () => fireEvent.click(edit));
  const dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  const price = within(within(dialog).getByRole('group', { name: 'Tier 1' })).getByLabelText('Price');
  fireEvent.change(price, { target: { value: 'cheap' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  expect(within(dialog).getByText(PRICE_MESSAGE)).toBeInTheDocument();
  expect(price).toHaveAttribute('aria-invalid', 'true');
  expect(price).toHaveFocus();
  expect((await backend.services.list())[0]?.tiers[0]?.price).toBe('$250');
});

test('a service she adds with "Needs a consultation" is booked as the photoshoot is', async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add service' })));
  const dialog = screen.getByRole('dialog', { name: 'New service' });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Wedding' } });
  fireEvent.click(within(dialog).getByLabelText('Needs a consultation'));
  expect(within(dialog).getByLabelText('Label of the date field')).toHaveValue('Preferred Shoot Date');
  fireEvent.change(within(dialog).getByLabelText('Label of the date field'), { target: { value: 'Wedding Day' } });
  fireEvent.change(within(dialog).getByLabelText('Payment schedule'), {
    target: { value: '50% upfront, 50% upon completion' },
  });
  // A new service starts with the modeling contract; she picks the one its bookings get.
  const template = within(dialog).getByLabelText('Contract template');
  expect(template).toHaveValue('modeling');
  expect([...within(template).getAllByRole('option')].map((o) => o.textContent)).toEqual([
    'Modeling (“the Model”)',
    'UGC and content (“the Creator”)',
    'Event appearance (“the Talent”)',
  ]);
  fireEvent.change(template, { target: { value: 'event' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add tier' })));
  const tier = within(dialog).getByRole('group', { name: 'Tier 1' });
  fireEvent.change(within(tier).getByLabelText('Tier name'), { target: { value: 'Whole Day' } });
  fireEvent.change(within(tier).getByLabelText('Price'), { target: { value: '$900' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const wedding = (await backend.services.list()).find((s) => s.id === 'wedding');
  expect(wedding?.rules).toEqual({
    needsConsultation: true,
    dateLabel: 'Wedding Day',
    consultationDateLabel: 'Consultation Meeting Date',
    paymentSchedule: '50% upfront, 50% upon completion',
    contractTemplate: 'event',
  });
  // The server refuses a booking of it without the consultation as it refuses a photoshoot's.
  const booking = {
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '',
    serviceId: 'wedding',
    serviceTierId: wedding?.tiers[0]?.id ?? '',
    date: '',
    consultationDate: '',
    consultationLocation: '',
    location: '',
    description: 'A June wedding.',
    smsOptIn: false,
  };
  const refusal = await backend.bookings.create(booking, 'admin-wedding-0001').catch((e: unknown) => e);
  expect(refusal).toMatchObject({
    code: 'validation',
    fieldErrors: {
      consultationDate: ['Required'],
      consultationLocation: ['Required'],
      date: ['Required'],
      location: ['Required'],
    },
  });
});

test('hides a service from visitors and moves another up', async () => {
  const hide = await screen.findByRole('button', { name: 'Hide Events' });
  await act(async () => fireEvent.click(hide));
  await waitFor(async () => expect((await backend.services.list()).map((s) => s.id)).toEqual(['photoshoot']));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move Events up' })));
  await waitFor(async () =>
    expect((await backend.content.listServices()).map((s) => s.id)).toEqual(['events', 'photoshoot']),
  );
});

test('a display price "275" is saved and shown as "$275"; a text without an amount is refused beside the field', async () => {
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Edit Photoshoot' })));
  let dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  const display = within(dialog).getByLabelText('Display price (optional)');
  fireEvent.change(display, { target: { value: 'ask me' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  expect(within(dialog).getByText(DISPLAY_PRICE_MESSAGE)).toBeInTheDocument();
  expect(display).toHaveAttribute('aria-invalid', 'true');
  expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.price).toBe('');

  fireEvent.change(display, { target: { value: '275' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect((await backend.services.list()).find((s) => s.id === 'photoshoot')?.price).toBe('$275');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit Photoshoot' })));
  dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  expect(within(dialog).getByLabelText('Display price (optional)')).toHaveValue('$275');
});

test('the Delete button on a card is outlined, not filled red', async () => {
  expect(await screen.findByRole('button', { name: 'Delete Events' })).toHaveClass('btn-delete');
  expect(screen.getByRole('button', { name: 'Delete Events' })).not.toHaveClass('btn-danger');
});

test('deletes a service only after she confirms', async () => {
  const remove = await screen.findByRole('button', { name: 'Delete Events' });
  await act(async () => fireEvent.click(remove));
  const dialog = screen.getByRole('dialog', { name: 'Delete “Events”?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect((await backend.content.listServices()).map((s) => s.id)).toContain('events');

  fireEvent.click(screen.getByRole('button', { name: 'Delete Events' }));
  await act(async () =>
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete “Events”?' })).getByRole('button', { name: 'Delete service' }),
    ),
  );
  expect((await backend.content.listServices()).map((s) => s.id)).toEqual(['photoshoot']);
});

test('moves a comp card photo first with the keyboard and saves the order', async () => {
  await area('Portfolio');
  const handle = await screen.findByRole('button', { name: 'Reorder Full length, position 2 of 2' });
  fireEvent.keyDown(handle, { key: 'ArrowUp' });
  expect(screen.getByText('Full length moved to position 1 of 2.')).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save portfolio' })));
  await waitFor(async () =>
    expect((await backend.portfolio.getContent())['comp-card'].map((i) => i.name)).toEqual(['Full length', 'Headshot']),
  );
});

test('refuses to save a photo without alt text', async () => {
  await area('Portfolio');
  const alt = await screen.findByDisplayValue('Headshot');
  fireEvent.change(alt, { target: { value: '' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save portfolio' })));
  expect(screen.getByText(ALT_TEXT_REQUIRED)).toBeInTheDocument();
  expect(alt).toHaveFocus();
  expect((await backend.portfolio.getContent())['comp-card'][0]?.name).toBe('Headshot');
});

const TINY_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9j' +
  'QjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
  'AAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
  'PwCwASo//9k=';

test('an upload needs alt text before it is sent', async () => {
  await area('Portfolio');
  const upload = await screen.findByRole('form', { name: 'Add photos and videos' });
  // A real JPEG (8 by 8 pixels): the server decodes and re-encodes every upload.
  const file = new File([Buffer.from(TINY_JPEG, 'base64')], 'me.jpg', { type: 'image/jpeg' });
  fireEvent.change(within(upload).getByLabelText('Files'), { target: { files: [file] } });
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload 1 file' })));
  expect(within(upload).getByRole('alert')).toHaveTextContent('Alt text is required');

  // Markup the saved portfolio would refuse is refused here, with the shared rule's message.
  fireEvent.change(within(upload).getByLabelText('Alt text (describes the photo)'), {
    target: { value: '<b>Me</b>' },
  });
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload 1 file' })));
  expect(within(upload).getByRole('alert')).toHaveTextContent(`Alt text: ${NO_MARKUP_MESSAGE}.`);

  fireEvent.change(within(upload).getByLabelText('Alt text (describes the photo)'), {
    target: { value: 'Me, smiling' },
  });
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload 1 file' })));
  // The server processes the image in a child process of its own before it answers.
  await waitFor(
    async () =>
      expect((await backend.portfolio.getContent())['comp-card'].map((i) => i.name)).toEqual([
        'Headshot',
        'Full length',
        'Me, smiling',
      ]),
    { timeout: 20_000 },
  );
}, 30_000);

test('the portfolio fields take as many characters as the shared schemas accept, no more', async () => {
  await area('Portfolio');
  const upload = await screen.findByRole('form', { name: 'Add photos and videos' });
  const file = new File([Buffer.from(TINY_JPEG, 'base64')], 'me.jpg', { type: 'image/jpeg' });
  fireEvent.change(within(upload).getByLabelText('Files'), { target: { files: [file] } });
  expect(within(upload).getByLabelText('Alt text (describes the photo)')).toHaveAttribute(
    'maxlength',
    String(longestAccepted(mediaUploadFieldsSchema.shape.alt)),
  );
  expect(screen.getByDisplayValue('Headshot')).toHaveAttribute(
    'maxlength',
    String(longestAccepted(mediaItemSchema.shape.name)),
  );
  expect(screen.getAllByLabelText('Caption (optional)')[0]).toHaveAttribute(
    'maxlength',
    String(longestAccepted(mediaItemSchema.shape.caption)),
  );
});

test('her social links are ordered with Move up and Move down, and saved in that order', async () => {
  await area('Site details');
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Ava Monroe' } });
  for (const [i, label] of ['Blog', 'Shop'].entries()) {
    fireEvent.click(screen.getByRole('button', { name: 'Add social link' }));
    fireEvent.change(screen.getByLabelText('Name', { selector: `#site-social-${i}-label` }), {
      target: { value: label },
    });
    fireEvent.change(screen.getAllByLabelText('Link')[i]!, { target: { value: `https://www.instagram.com/${label}` } });
  }
  expect(screen.getByRole('button', { name: 'Move social link 1 up' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move social link 2 down' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Move social link 1 down' }));
  expect(screen.getByLabelText('Name', { selector: '#site-social-0-label' })).toHaveValue('Shop');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save site details' })));
  await waitFor(async () =>
    expect((await backend.content.getSite()).details.social.map((l) => l.label)).toEqual(['Shop', 'Blog']),
  );
});

test('saves her measurements and site details for every visitor', async () => {
  await area('Comp card');
  fireEvent.change(await screen.findByLabelText('Height'), { target: { value: `5'10"` } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save measurements' })));
  await waitFor(async () => expect((await backend.content.getSite()).compCard.height).toBe(`5'10"`));

  await area('Site details');
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Ava Monroe' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add social link' }));
  fireEvent.change(screen.getByLabelText('Name', { selector: '#site-social-0-label' }), { target: { value: 'Blog' } });
  fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://example.com/me' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save site details' })));
  expect(screen.getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
  fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://www.instagram.com/ava' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save site details' })));
  await waitFor(async () =>
    expect((await backend.content.getSite()).details).toMatchObject({
      name: 'Ava Monroe',
      social: [{ label: 'Blog', url: 'https://www.instagram.com/ava' }],
    }),
  );
});

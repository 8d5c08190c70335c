// Her hero image and a service's image by upload, in the whole dashboard against the real server: a photo from her
// phone goes through the portfolio's upload pipeline, fills the field, and her Save publishes the stored /media/…
// address, which the public site then answers. A file that is not a photo is refused with the pipeline's own words
// and changes nothing; an upload she leaves unsaved is deleted, not left behind.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { MediaItem, SiteDetails } from '@studio/shared/domain';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import AdminApp from './app';
import { memory, server, start } from '../test-support/dashboard';
import { photoshootService } from '../test-support/bookings';

const details: SiteDetails = {
  name: 'Ava Stone',
  tagline: 'Model',
  heroImage: '',
  about: '',
  email: '',
  phone: '',
  agency: '',
  social: [],
};

const TINY_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9j' +
  'QjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
  'AAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
  'PwCwASo//9k=';
const jpeg = (name: string) => new File([Buffer.from(TINY_JPEG, 'base64')], name, { type: 'image/jpeg' });
const UPLOADED = /^\/media\/uploads\/[0-9a-f-]{36}\/\d+\.jpg$/;

beforeEach(async () => {
  await start({ services: [photoshootService], siteDetails: details });
  authStore.getState().setUser({ email: 'admin@studio.test', isAdmin: true });
});

async function openContent(area: string) {
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
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Content' })));
  // Services is the area the tab opens on; another is chosen.
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: area })));
  await server.settle();
}

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const choose = (input: HTMLElement, file: File) =>
  act(async () => fireEvent.change(input, { target: { files: [file] } }));
/** The upload's id, from its stored address. */
const idOf = (url: string) => url.split('/')[3] as string;
/** Whether the server still holds an upload: deleting it answers 404 once it is gone (so it is asked last). */
const stillStored = async (url: string) => {
  // A fresh adapter signed in: deleting with the page's own would count as one of its requests.
  const probe = server.backend();
  await server.signInAsAdmin(probe);
  try {
    await probe.content.deleteMedia(idOf(url));
    return true;
  } catch {
    return false;
  }
};

test('she uploads a hero image in Site details, saves, and the public site answers its stored address', async () => {
  await openContent('Site details');
  // The upload is held on its way, so what she sees meanwhile can be read.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const upload = memory.content.uploadMedia.bind(memory.content);
  memory.content.uploadMedia = async (file, fields): Promise<MediaItem> => {
    await held;
    return upload(file, fields);
  };
  expect(screen.getByText('No photo of your own: visitors see the built-in image.')).toBeVisible();

  await choose(screen.getByLabelText('Upload a photo (hero image)'), jpeg('IMG_0042.jpg'));
  expect(screen.getByText('Uploading…')).toBeVisible();
  expect(screen.getByRole('progressbar', { name: 'Uploading…' })).toBeInTheDocument();
  await act(async () => {
    release();
    await server.idle();
  });
  await server.settle();

  const status = await screen.findByText('Uploaded. Select Save site details to show it on your site.');
  expect(status).toHaveAttribute('role', 'status');
  const preview = screen.getByRole('img', { name: 'Hero image preview' });
  const url = preview.getAttribute('src') as string;
  expect(url).toMatch(UPLOADED);
  // Not public until she saves, as the portfolio's edits wait for Save portfolio.
  expect((await memory.content.getSite()).details.heroImage).toBe('');

  await click(screen.getByRole('button', { name: 'Save site details' }));
  await server.settle();
  expect(await screen.findByText('Saved. Visitors see it on their next page load.')).toBeVisible();
  expect((await server.backend().content.getSite()).details.heroImage).toBe(url);
  expect(await stillStored(url)).toBe(true);
});

test('she uploads a service’s image, saves, and the public services answer its stored address', async () => {
  await openContent('Services');
  await click(await screen.findByRole('button', { name: /^Edit/ }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  await choose(within(dialog).getByLabelText('Upload a photo (image)'), jpeg('look.jpg'));
  await server.settle();
  await within(dialog).findByText('Uploaded. Select Save to show it on your site.');
  const url = within(dialog).getByRole('img', { name: 'Image preview' }).getAttribute('src') as string;
  expect(url).toMatch(UPLOADED);

  await click(within(dialog).getByRole('button', { name: 'Save' }));
  await server.settle();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const services = await server.backend().services.list();
  expect(services.find((s) => s.id === 'photoshoot')?.image).toBe(url);
});

test('a text file is refused with the pipeline’s message and nothing changes', async () => {
  await openContent('Site details');
  await choose(
    screen.getByLabelText('Upload a photo (hero image)'),
    new File(['Call me on Monday'], 'notes.txt', { type: 'text/plain' }),
  );
  await server.settle();
  expect(await screen.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.notMedia);
  expect(screen.queryByRole('img', { name: 'Hero image preview' })).not.toBeInTheDocument();
  expect(screen.getByText('No photo of your own: visitors see the built-in image.')).toBeVisible();

  await click(screen.getByRole('button', { name: 'Save site details' }));
  await server.settle();
  expect((await server.backend().content.getSite()).details.heroImage).toBe('');
});

test('an upload she cancels without saving is deleted; Remove goes back to the built-in image', async () => {
  await start({ services: [{ ...photoshootService, image: '/media/uploads/kept/1600.jpg' }], siteDetails: details });
  await openContent('Services');
  await click(await screen.findByRole('button', { name: /^Edit/ }));
  let dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  // The stored image is shown, and a new photo replaces it.
  expect(within(dialog).getByRole('img', { name: 'Image preview' })).toHaveAttribute(
    'src',
    '/media/uploads/kept/1600.jpg',
  );
  await choose(within(dialog).getByLabelText('Replace photo (image)'), jpeg('look.jpg'));
  await server.settle();
  const url = within(dialog).getByRole('img', { name: 'Image preview' }).getAttribute('src') as string;
  expect(url).toMatch(UPLOADED);
  await click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await server.settle();
  await waitFor(async () => expect(await stillStored(url)).toBe(false));
  expect((await server.backend().services.list())[0]?.image).toBe('/media/uploads/kept/1600.jpg');

  await click(await screen.findByRole('button', { name: /^Edit/ }));
  dialog = screen.getByRole('dialog', { name: 'Edit Photoshoot' });
  await click(within(dialog).getByRole('button', { name: 'Remove image' }));
  expect(within(dialog).getByText('Removed. Select Save to go back to the built-in image.')).toBeVisible();
  await click(within(dialog).getByRole('button', { name: 'Save' }));
  await server.settle();
  expect((await server.backend().services.list())[0]?.image).toBe('');
});

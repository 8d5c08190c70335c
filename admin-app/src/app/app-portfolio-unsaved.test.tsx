// Her portfolio's unsaved work in the whole dashboard, against the real server: leaving it by another tab, another
// Content area, a link of the page (the shell's navigation bar) or Sign out asks first in the dashboard's dialog
// (Stay keeps the edit, Leave discards it and goes), the browser's own leaving is asked by beforeunload, Save waits
// for uploads and says why, and the bar's status is true in each state: an upload is added to the stored portfolio
// at once without publishing a caption she has not saved.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from '@studio/shared/router';
import { authStore } from '@studio/shared/auth-store';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { MediaItem, PortfolioContent, PortfolioMeta } from '@studio/shared/domain';
import AdminApp from './app';
import { memory, server, start } from '../test-support/dashboard';
import { photoshootService } from '../test-support/bookings';

const meta: PortfolioMeta = {
  RUNWAY_SECTION_MAP: {},
  RUNWAY_SECTION_SUBTITLES: {},
  PRINT_CONCEPTS: [],
  PRINT_CONCEPT_KEY_MAP: {},
  PRINT_CONCEPT_DETAILS: {},
  portfolioCategories: [],
  ugcReels: [],
};
const content: PortfolioContent = {
  runway: {},
  print: {},
  'comp-card': [{ type: 'image', url: '/media/headshot.jpg', name: 'Headshot', caption: 'Studio light' }],
  digitals: [],
};

const TINY_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9j' +
  'QjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
  'AAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
  'PwCwASo//9k=';
const jpeg = (name: string) => new File([Buffer.from(TINY_JPEG, 'base64')], name, { type: 'image/jpeg' });

beforeEach(async () => {
  await start({ services: [photoshootService], portfolioMeta: meta, portfolioContent: content });
  authStore.getState().setUser({ email: 'admin@studio.test', isAdmin: true });
});

/** The dashboard behind /admin with a link out of it beside it, as the shell's navigation bar has. */
async function openPortfolio() {
  await act(async () => {
    render(
      <BackendProvider backend={memory} cache={createQueryCache()}>
        <MemoryRouter initialEntries={['/admin']}>
          <nav aria-label="Main">
            <Link to="/">Home</Link>
          </nav>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </BackendProvider>,
    );
  });
  await server.settle();
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Content' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Portfolio', pressed: false })));
  await screen.findByRole('button', { name: 'Save portfolio' });
}

const caption = () => screen.getByLabelText<HTMLInputElement>('Caption (optional)');
const saveButton = () => screen.getByRole('button', { name: 'Save portfolio' });
const state = () => screen.getByTestId('portfolio-state');
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const question = (name = 'Leave without saving?') => screen.getByRole('dialog', { name });
const storedCompCard = async () => (await memory.portfolio.getContent())['comp-card'];
/** Whether the browser would ask before the page goes (a reload, the tab closed, another address). */
const browserAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

test('another tab asks first: Stay (or Escape) keeps her caption, Leave discards it and goes', async () => {
  await openPortfolio();
  expect(state()).toHaveTextContent('All changes saved');
  expect(browserAsks()).toBe(false);
  fireEvent.change(caption(), { target: { value: 'Golden hour' } });
  expect(state()).toHaveTextContent('Unsaved changes');
  expect(browserAsks()).toBe(true);

  await click(tab('Bookings'));
  let dialog = question();
  expect(dialog).toHaveTextContent('Your portfolio has changes you have not saved. If you leave, they are discarded.');
  // Focus is in the dialog: a keyboard or a screen reader is there, not on the page behind it.
  expect(dialog.contains(document.activeElement)).toBe(true);
  await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(tab('Content')).toHaveAttribute('aria-selected', 'true');
  expect(caption()).toHaveValue('Golden hour');

  await click(tab('Bookings'));
  dialog = question();
  await click(within(dialog).getByRole('button', { name: 'Stay' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(tab('Content')).toHaveAttribute('aria-selected', 'true');
  expect(caption()).toHaveValue('Golden hour');
  expect(state()).toHaveTextContent('Unsaved changes');
  expect(saveButton()).toBeEnabled();

  await click(tab('Bookings'));
  await click(within(question()).getByRole('button', { name: 'Leave' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(tab('Bookings')).toHaveAttribute('aria-selected', 'true');
  expect(browserAsks()).toBe(false);
  // Back in the portfolio: the edit is gone, nothing was stored, and the bar says so truthfully.
  await click(tab('Content'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(caption()).toHaveValue('Studio light');
  expect(state()).toHaveTextContent('All changes saved');
  expect(saveButton()).toBeDisabled();
  expect((await storedCompCard())[0]?.caption).toBe('Studio light');
});

test('once saved, leaving asks nothing', async () => {
  await openPortfolio();
  fireEvent.change(caption(), { target: { value: 'Golden hour' } });
  await click(tab('Availability'));
  await click(within(question()).getByRole('button', { name: 'Stay' }));
  await click(saveButton());
  expect(await screen.findByText('Saved. Visitors see it on their next page load.')).toBeInTheDocument();
  expect(state()).not.toHaveTextContent('Unsaved changes');
  expect((await storedCompCard())[0]?.caption).toBe('Golden hour');
  expect(browserAsks()).toBe(false);
  await click(tab('Availability'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(tab('Availability')).toHaveAttribute('aria-selected', 'true');
});

test('another Content area, a link out of the dashboard and Sign out ask too', async () => {
  await openPortfolio();
  fireEvent.change(caption(), { target: { value: 'Golden hour' } });

  await click(screen.getByRole('button', { name: 'Services' }));
  await click(within(question()).getByRole('button', { name: 'Stay' }));
  expect(caption()).toHaveValue('Golden hour');

  await click(screen.getByRole('button', { name: 'Sign out' }));
  await click(within(question()).getByRole('button', { name: 'Stay' }));
  expect(await memory.auth.current()).not.toBeNull();
  expect(caption()).toHaveValue('Golden hour');

  await click(screen.getByRole('link', { name: 'Home' }));
  await click(within(question()).getByRole('button', { name: 'Stay' }));
  expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  expect(caption()).toHaveValue('Golden hour');

  await click(screen.getByRole('link', { name: 'Home' }));
  await click(within(question()).getByRole('button', { name: 'Leave' }));
  expect(screen.getByText('Home page')).toBeInTheDocument();
  expect((await storedCompCard())[0]?.caption).toBe('Studio light');
});

test('Save waits for uploads and says why; leaving while one runs asks; the upload stores the file, not her caption', async () => {
  await openPortfolio();
  // The upload is held on its way until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const upload = memory.content.uploadMedia.bind(memory.content);
  memory.content.uploadMedia = async (file, fields): Promise<MediaItem> => {
    await held;
    return upload(file, fields);
  };

  const form = screen.getByRole('form', { name: 'Add photos and videos' });
  fireEvent.change(within(form).getByLabelText('Files'), { target: { files: [jpeg('look.jpg')] } });
  fireEvent.change(within(form).getByLabelText('Alt text (describes the photo)'), {
    target: { value: 'Full length look' },
  });
  await click(within(form).getByRole('button', { name: 'Upload 1 file' }));
  // Nothing unsaved in the draft, a file on its way: not "All changes saved", and no Save yet.
  expect(state()).toHaveTextContent('Upload in progress');
  expect(saveButton()).toBeDisabled();
  expect(saveButton()).toHaveAccessibleDescription('Wait for uploads to finish');
  expect(screen.getByText('Wait for uploads to finish')).toBeVisible();
  expect(browserAsks()).toBe(true);
  // An edit meanwhile: unsaved, and Save still waits for the upload.
  fireEvent.change(caption(), { target: { value: 'Golden hour' } });
  expect(state()).toHaveTextContent('Unsaved changes');
  expect(saveButton()).toBeDisabled();

  await click(tab('Availability'));
  const dialog = question('Leave while files upload?');
  expect(dialog).toHaveTextContent('Files are still uploading');
  await click(within(dialog).getByRole('button', { name: 'Stay' }));
  expect(tab('Content')).toHaveAttribute('aria-selected', 'true');

  await act(async () => release());
  await waitFor(() => expect(within(form).getByText('Uploaded 1 file and added it to your portfolio.')).toBeVisible(), {
    timeout: 20_000,
  });
  // The file is stored in the portfolio at once; her caption is not, until she saves.
  const stored = await storedCompCard();
  expect(stored.map((i) => i.name)).toEqual(['Headshot', 'Full length look']);
  expect(stored[0]?.caption).toBe('Studio light');
  expect(state()).toHaveTextContent('Unsaved changes');
  expect(screen.queryByText('Wait for uploads to finish')).not.toBeInTheDocument();
  expect(saveButton()).toBeEnabled();

  await click(saveButton());
  expect(await screen.findByText('Saved. Visitors see it on their next page load.')).toBeInTheDocument();
  const saved = await storedCompCard();
  expect(saved.map((i) => [i.name, i.caption])).toEqual([
    ['Headshot', 'Golden hour'],
    ['Full length look', undefined],
  ]);
}, 40_000);

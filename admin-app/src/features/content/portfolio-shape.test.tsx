// Her portfolio's shape against the real server: runway shows and print concepts added, removed after a
// question and reordered, several files uploaded at once with a state per file (each stored in the portfolio as it
// arrives), and one Save for all the rest.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { PortfolioContent, PortfolioMeta } from '@studio/shared/domain';
import { adminServer } from '../../test-support/admin-server';
import ContentPanel from './content-panel';

const meta: PortfolioMeta = {
  RUNWAY_SECTION_MAP: { 'fashion-week': 'Fashion Week' },
  RUNWAY_SECTION_SUBTITLES: { 'fashion-week': 'Spring shows' },
  PRINT_CONCEPTS: ['Editorial', 'Streetwear'],
  PRINT_CONCEPT_KEY_MAP: { Editorial: 'editorial', Streetwear: 'streetwear' },
  PRINT_CONCEPT_DETAILS: {
    editorial: { style: 'Bold', wardrobe: 'Linen', setting: 'Desert', purpose: 'Magazine' },
    streetwear: { style: 'Loose', wardrobe: 'Denim', setting: 'Alley', purpose: 'Lookbook' },
  },
  portfolioCategories: [{ id: 'runway', label: 'Runway', description: 'Shows' }],
  ugcReels: [],
};
const content: PortfolioContent = {
  runway: { 'fashion-week': [{ type: 'image', url: '/media/r.jpg', name: 'Runway look' }] },
  print: {
    editorial: [{ type: 'image', url: '/media/e.jpg', name: 'Editorial frame' }],
    streetwear: [{ type: 'image', url: '/media/s.jpg', name: 'Streetwear frame' }],
  },
  'comp-card': [],
  digitals: [],
};

const TINY_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9j' +
  'QjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
  'AAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
  'PwCwASo//9k=';
const jpeg = (name: string) => new File([Buffer.from(TINY_JPEG, 'base64')], name, { type: 'image/jpeg' });

let backend: Backend;
beforeEach(async () => {
  ({ backend } = await adminServer({ portfolioMeta: meta, portfolioContent: content }));
  render(
    <BackendProvider backend={backend} cache={createQueryCache()}>
      <ContentPanel />
    </BackendProvider>,
  );
  await screen.findByRole('button', { name: 'Add service' });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Portfolio$/ })));
  await screen.findByRole('button', { name: 'Save portfolio' });
});

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save portfolio' })));

test('she adds a runway show, uploads two photos into it at once (stored at once), removes a concept and saves once', async () => {
  expect(screen.getByRole('button', { name: 'Save portfolio' })).toBeDisabled();
  fireEvent.change(screen.getByLabelText('New show title'), { target: { value: 'Desert Nights' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add runway show' }));
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Desert Nights' })).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'runway/desert-nights' } });
  const upload = screen.getByRole('form', { name: 'Add photos and videos' });
  fireEvent.change(within(upload).getByLabelText('Files'), { target: { files: [jpeg('a.jpg'), jpeg('b.jpg')] } });
  const queue = within(upload).getByRole('list', { name: 'Files to upload' });
  expect(within(queue).getAllByRole('listitem')).toHaveLength(2);
  expect(within(queue).getAllByText('Waiting')).toHaveLength(2);
  const alts = within(queue).getAllByLabelText('Alt text (describes the photo)');
  fireEvent.change(alts[0]!, { target: { value: 'Opening look' } });
  fireEvent.change(alts[1]!, { target: { value: 'Closing look' } });
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload 2 files' })));
  await waitFor(
    () => expect(within(upload).getByText('Uploaded 2 files and added them to your portfolio.')).toBeInTheDocument(),
    { timeout: 20_000 },
  );
  expect(within(queue).getAllByText('Uploaded')).toHaveLength(2);
  // The photos are stored in the portfolio at once; the new show's title, like every other change, waits for Save.
  expect((await backend.portfolio.getContent()).runway['desert-nights']?.map((i) => i.name)).toEqual([
    'Opening look',
    'Closing look',
  ]);
  expect((await backend.portfolio.getMeta()).RUNWAY_SECTION_MAP).toEqual({ 'fashion-week': 'Fashion Week' });
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Remove Streetwear' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove the print concept “Streetwear”?' });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove concept' })));
  expect(screen.queryByRole('group', { name: 'Streetwear' })).not.toBeInTheDocument();
  // Nothing is stored until she saves.
  expect((await backend.portfolio.getMeta()).PRINT_CONCEPTS).toEqual(['Editorial', 'Streetwear']);
  await save();
  await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  const stored = await backend.portfolio.getMeta();
  expect(stored.RUNWAY_SECTION_MAP).toEqual({ 'fashion-week': 'Fashion Week', 'desert-nights': 'Desert Nights' });
  expect(stored.PRINT_CONCEPTS).toEqual(['Editorial']);
  expect(stored.PRINT_CONCEPT_KEY_MAP).toEqual({ Editorial: 'editorial' });
  expect(Object.keys(stored.PRINT_CONCEPT_DETAILS)).toEqual(['editorial']);
  expect(Object.keys((await backend.portfolio.getContent()).print)).toEqual(['editorial']);
}, 40_000);

test('a file the server refuses fails in its own row; the others are stored and saved', async () => {
  const upload = screen.getByRole('form', { name: 'Add photos and videos' });
  const fake = new File(['not a picture at all'], 'notes.jpg', { type: 'image/jpeg' });
  fireEvent.change(within(upload).getByLabelText('Files'), { target: { files: [fake, jpeg('good.jpg')] } });
  const alts = within(upload).getAllByLabelText('Alt text (describes the photo)');
  fireEvent.change(alts[0]!, { target: { value: 'Notes' } });
  fireEvent.change(alts[1]!, { target: { value: 'Good one' } });
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload 2 files' })));
  await waitFor(
    () => expect(within(upload).getByText('Uploaded 1 file and added it to your portfolio.')).toBeInTheDocument(),
    { timeout: 20_000 },
  );
  const rows = within(within(upload).getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem');
  expect(rows[0]).toHaveTextContent(/Failed: /);
  expect(rows[1]).toHaveTextContent('Uploaded');
  expect(within(upload).getByRole('alert')).toHaveTextContent('1 file failed; see the list.');
  expect((await backend.portfolio.getContent())['comp-card'].map((i) => i.name)).toEqual(['Good one']);
}, 40_000);

test('she puts a new show first and a concept last; the order is what visitors read', async () => {
  fireEvent.change(screen.getByLabelText('New show title'), { target: { value: 'Couture Night' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add runway show' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Couture Night up' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move Editorial down' }));
  await save();
  await waitFor(async () =>
    expect(Object.keys((await backend.portfolio.getMeta()).RUNWAY_SECTION_MAP)).toEqual([
      'couture-night',
      'fashion-week',
    ]),
  );
  expect((await backend.portfolio.getMeta()).PRINT_CONCEPTS).toEqual(['Streetwear', 'Editorial']);
});

test('a show without a title is refused beside its field, and nothing is stored', async () => {
  const title = screen.getByLabelText('Title (fashion-week)');
  fireEvent.change(title, { target: { value: '' } });
  await save();
  expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(title).toHaveFocus();
  expect((await backend.portfolio.getMeta()).RUNWAY_SECTION_MAP).toEqual({ 'fashion-week': 'Fashion Week' });
});

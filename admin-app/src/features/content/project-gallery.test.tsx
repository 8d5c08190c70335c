// UGC and a project's gallery are filled by the same upload list as the portfolio's sections, against the
// real server: an upload into a project is saved into its gallery at once, an address pasted before uploads becomes
// an item of the list, and a deleted upload's files go only once the project without it is saved.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { BackendProvider, createQueryCache } from '@studio/shared/data';
import type { PortfolioContent, PortfolioMeta } from '@studio/shared/domain';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { adminServer } from '../../test-support/admin-server';
import ContentPanel from './content-panel';

const meta: PortfolioMeta = {
  RUNWAY_SECTION_MAP: {},
  RUNWAY_SECTION_SUBTITLES: {},
  PRINT_CONCEPTS: [],
  PRINT_CONCEPT_KEY_MAP: {},
  PRINT_CONCEPT_DETAILS: {},
  portfolioCategories: [],
  ugcReels: ['https://www.instagram.com/reel/abc123/'],
};
const content: PortfolioContent = { runway: {}, print: {}, 'comp-card': [], digitals: [] };

const TINY_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9j' +
  'QjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
  'AAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
  'PwCwASo//9k=';
const jpeg = (name: string) => new File([Buffer.from(TINY_JPEG, 'base64')], name, { type: 'image/jpeg' });

let backend: Backend;
let server: StudioServer;
beforeEach(async () => {
  ({ backend, server } = await adminServer({
    portfolioMeta: meta,
    portfolioContent: content,
    projects: [{ id: 'serum-launch', title: 'Serum launch', description: 'A week of UGC.', category: 'ugc' }],
    galleries: { 'serum-launch': { images: ['/media/pasted.jpg'], videos: [] } },
  }));
  render(
    <BackendProvider backend={backend} cache={createQueryCache()}>
      <ContentPanel />
    </BackendProvider>,
  );
  await screen.findByRole('button', { name: 'Add service' });
});

/** Chooses files in an upload list, describes each, sends them and waits for the list's outcome. */
async function uploadInto(within_: HTMLElement, files: File[], alts: string[], outcome: string) {
  const upload = within(within_).getByRole('form', { name: 'Add photos and videos' });
  fireEvent.change(within(upload).getByLabelText('Files'), { target: { files } });
  within(upload)
    .getAllByLabelText('Alt text (describes the photo)')
    .forEach((field, i) => fireEvent.change(field, { target: { value: alts[i] } }));
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: /^Upload / })));
  await waitFor(() => expect(within(upload).getByText(outcome)).toBeInTheDocument(), { timeout: 20_000 });
}

test('she uploads into UGC: saved at once beside her reel links', async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Portfolio$/ })));
  await screen.findByRole('button', { name: 'Save portfolio' });
  fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'ugc' } });
  await uploadInto(
    document.body,
    [jpeg('set.jpg')],
    ['Serum on the counter'],
    'Uploaded 1 file and added it to your portfolio.',
  );
  expect((await backend.portfolio.getContent()).ugc?.map((i) => i.name)).toEqual(['Serum on the counter']);
  expect((await backend.portfolio.getMeta()).ugcReels).toEqual(meta.ugcReels);
}, 40_000);

test("she uploads into a project; a deleted upload's files go only once the project without it is saved", async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Projects' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Edit Serum launch' })));
  const dialog = screen.getByRole('dialog', { name: 'Edit Serum launch' });
  // The address pasted before is an item of the list, named as her page named it.
  expect(within(dialog).getByLabelText('Alt text (describes the photo)')).toHaveValue('Serum launch, image 1');

  await uploadInto(
    dialog,
    [jpeg('a.jpg'), jpeg('b.jpg')],
    ['Opening shot', 'Closing shot'],
    'Uploaded 2 files and saved.',
  );
  const gallery = await backend.portfolio.getGallery('serum-launch');
  expect(gallery).toMatchObject({ images: [], videos: [] });
  expect(gallery?.media?.map((i) => i.name)).toEqual(['Serum launch, image 1', 'Opening shot', 'Closing shot']);
  const opening = gallery?.media?.[1];
  expect(opening?.url).toMatch(/^\/media\/uploads\//);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Opening shot' }));
  const confirm = screen.getByRole('dialog', { name: /Opening shot/ });
  await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
  // Not saved yet: the saved gallery still shows it, so its files stay.
  await server.settle();
  expect(server.requests(`DELETE /api/admin/media/${opening?.id}`)).toBe(0);
  expect((await backend.portfolio.getGallery('serum-launch'))?.media).toHaveLength(3);

  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Serum launch' })).not.toBeInTheDocument());
  await server.settle();
  expect(server.requests(`DELETE /api/admin/media/${opening?.id}`)).toBe(1);
  expect((await backend.portfolio.getGallery('serum-launch'))?.media?.map((i) => i.name)).toEqual([
    'Serum launch, image 1',
    'Closing shot',
  ]);
  expect((await fetch(opening?.url ?? '')).status).toBe(404);
}, 60_000);

test('a phone video is asked for a title, never alt text: by its type, or by its name when the browser gave none', async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Portfolio$/ })));
  await screen.findByRole('button', { name: 'Save portfolio' });
  const upload = screen.getByRole('form', { name: 'Add photos and videos' });
  const files = [
    new File(['x'], 'IMG_0042.MOV', { type: 'video/quicktime' }),
    // What a system that knows no type for .mov hands the page.
    new File(['x'], 'IMG_0043.mov', { type: '' }),
    new File(['x'], 'VID_20261123.mp4', { type: 'application/octet-stream' }),
    jpeg('still.jpg'),
    new File(['x'], 'notes', { type: '' }),
  ];
  fireEvent.change(within(upload).getByLabelText('Files'), { target: { files } });
  const rows = within(within(upload).getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem');
  expect(rows.map((row) => (within(row).getByRole('textbox') as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
    'Title',
    'Title',
    'Title',
    'Alt text (describes the photo)',
    'Title or alt text (what it shows)',
  ]);
  // Sent without a description, each is told what it lacks in its own words.
  await act(async () => fireEvent.click(within(upload).getByRole('button', { name: 'Upload 5 files' })));
  expect(rows.map((row) => row.textContent)).toEqual([
    expect.stringContaining('A title is required: say what the video shows.'),
    expect.stringContaining('A title is required: say what the video shows.'),
    expect.stringContaining('A title is required: say what the video shows.'),
    expect.stringContaining('Alt text is required: describe the photo for people who cannot see it.'),
    expect.stringContaining('A description is required: say what the file shows.'),
  ]);
  expect(within(upload).getByLabelText('Files')).toHaveAttribute('accept', expect.stringContaining('video/quicktime'));
});

test('a print project says its page shows no videos, as her page does', async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Projects' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Edit Serum launch' })));
  const dialog = screen.getByRole('dialog', { name: 'Edit Serum launch' });
  // UGC shows videos: nothing to say.
  expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'print' } });
  expect(within(dialog).getByRole('note')).toHaveTextContent(
    "A print project's page shows its photos only: a video added here is not shown to visitors. Choose another category to show videos.",
  );
});

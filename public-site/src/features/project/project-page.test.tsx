import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import type { StudioServer } from '@studio/shared/test-support/studio-server';
import { renderAt, renderWithBackend, visitSite } from '../../test-support/render';
import { ProjectPage } from './project-page';

let server: StudioServer;
let backend: Backend;

beforeEach(async () => {
  ({ server, backend } = await visitSite());
});

describe('Project detail', () => {
  it('is reachable at /portfolio/{projectId}: title, description, image gallery and videos', async () => {
    renderAt('/portfolio/sonoran-editorial', backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonoran Editorial' })).toBeInTheDocument();
    expect(screen.getByText('A two-day editorial in the desert.')).toBeInTheDocument();
    const gallery = screen.getByRole('list', { name: 'Gallery' });
    expect(
      within(gallery).getAllByRole('button', { name: /Open Sonoran Editorial, image \d in the viewer/ }),
    ).toHaveLength(2);
    const videos = screen.getByRole('list', { name: 'Videos' });
    // A project's videos are clips with their sound and the browser's controls.
    expect(within(videos).getByLabelText('Sonoran Editorial, video 1')).toHaveAttribute('controls');
  });

  it('shows her uploaded photos and videos in her order, before addresses pasted earlier', async () => {
    const media = [
      {
        type: 'video' as const,
        url: '/media/uploads/v/video.mp4',
        name: 'Behind the scenes',
        poster: '/media/uploads/v/poster.jpg',
      },
      {
        type: 'image' as const,
        url: '/media/uploads/p/960.jpg',
        name: 'Golden hour on the dunes',
        width: 960,
        height: 1200,
        srcSet: '/media/uploads/p/480.webp 480w, /media/uploads/p/960.webp 960w',
      },
    ];
    ({ backend } = await visitSite({
      galleries: { 'sonoran-editorial': { images: ['/media/projects/old.svg'], videos: [], media } },
    }));
    renderAt('/portfolio/sonoran-editorial', backend);
    const gallery = await screen.findByRole('list', { name: 'Gallery' });
    const photos = within(gallery).getAllByRole('button', { name: /^Open / });
    expect(photos.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Open Golden hour on the dunes in the viewer',
      'Open Sonoran Editorial, image 1 in the viewer',
    ]);
    expect(photos[0]?.querySelector('img')).toHaveAttribute('srcset', media[1]!.srcSet);
    const clip = within(screen.getByRole('list', { name: 'Videos' })).getByLabelText('Behind the scenes');
    expect(clip).toHaveAttribute('src', media[0]!.url);
    expect(clip).toHaveAttribute('poster', media[0]!.poster);
    expect(clip).toHaveAttribute('controls');
    expect(clip).toHaveAttribute('preload', 'metadata');
    expect(clip).toHaveAttribute('playsinline');
  });

  it('shows no videos for a print project', async () => {
    renderAt('/portfolio/monochrome-print', backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Monochrome Print Series' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Gallery' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Videos' })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it("says 'No images found for this project.' when the gallery has none", async () => {
    renderAt('/portfolio/empty-project', backend);
    expect(await screen.findByText('No images found for this project.')).toBeInTheDocument();
  });

  it("says 'Failed to load project data.' when the project cannot be loaded", async () => {
    server.failRequests('GET /api/projects/');
    renderAt('/portfolio/sonoran-editorial', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load project data.');
  });

  it("says 'Project not found' on its own for an unknown id", async () => {
    renderWithBackend(<ProjectPage projectId="missing" />, backend);
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    // An unknown id costs one request: the gallery is not asked for.
    await server.idle();
    expect(server.requests('GET /api/projects/missing')).toBe(1);
    expect(server.requests('GET /api/galleries/missing')).toBe(0);
  });
});

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
    expect(
      within(videos).getByRole('button', { name: 'TAP TO PLAY (Sonoran Editorial, video 1)' }),
    ).toBeInTheDocument();
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

import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import { createMemoryBackend, type MemoryBackend } from '@studio/shared/backend/memory';
import { renderAt, renderWithBackend } from '../../test-support/render';
import { seed } from '../../test-support/seed';
import { ProjectPage } from './project-page';

let backend: MemoryBackend;

beforeEach(() => {
  backend = createMemoryBackend(seed());
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
    backend.portfolio.getProject = () => Promise.reject(new Error('offline'));
    renderAt('/portfolio/sonoran-editorial', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load project data.');
  });

  it("says 'Project not found' on its own for an unknown id", async () => {
    const getGallery = jest.spyOn(backend.portfolio, 'getGallery');
    renderWithBackend(<ProjectPage projectId="missing" />, backend);
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    // An unknown id costs one request: the gallery is not asked for.
    expect(getGallery).not.toHaveBeenCalled();
  });
});

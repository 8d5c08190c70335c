import '../../test-support/polyfills';
import { render, screen, within } from '@testing-library/react';
import { createMemoryBackend } from '@studio/shared/backend/memory';
import type { Backend } from '@studio/shared/backend';
import { MemoryRouter } from '@studio/shared/router';
import { renderAt } from '../../test-support/render';
import { seed } from '../../test-support/seed';
import { ProjectPage } from './project-page';

let mockBackend: Backend = createMemoryBackend(seed());
jest.mock('@studio/shared/backend', () => ({
  get backend() {
    return mockBackend;
  },
}));

beforeEach(() => {
  mockBackend = createMemoryBackend(seed());
});

describe('Project detail', () => {
  it('is reachable at /portfolio/{projectId}: title, description, image gallery and videos', async () => {
    renderAt('/portfolio/sonoran-editorial');
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
    renderAt('/portfolio/monochrome-print');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monochrome Print Series' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Gallery' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Videos' })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it("says 'No images found for this project.' when the gallery has none", async () => {
    renderAt('/portfolio/empty-project');
    expect(await screen.findByText('No images found for this project.')).toBeInTheDocument();
  });

  it("says 'Failed to load project data.' when the project cannot be loaded", async () => {
    mockBackend.portfolio.getProject = () => Promise.reject(new Error('offline'));
    renderAt('/portfolio/sonoran-editorial');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load project data.');
  });

  it("says 'Project not found' on its own for an unknown id", async () => {
    render(
      <MemoryRouter>
        <ProjectPage projectId="missing" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
  });
});

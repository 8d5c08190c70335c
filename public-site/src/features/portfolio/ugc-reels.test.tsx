import '../../test-support/polyfills';
import { screen, within } from '@testing-library/react';
import type { Backend } from '@studio/shared/backend';
import { renderAt, visitSite } from '../../test-support/render';
import { portfolioMeta, seed } from '../../test-support/seed';
import { EMBED_SCRIPT_URL } from './ugc-reels';

let backend: Backend;

const embedScripts = () => Array.from(document.querySelectorAll(`script[src="${EMBED_SCRIPT_URL}"]`));

beforeEach(async () => {
  ({ backend } = await visitSite());
  embedScripts().forEach((s) => s.remove());
  delete window.instgrm;
});

describe('UGC reels', () => {
  it('shows each non-empty reel as a link, skipping empty URLs', async () => {
    renderAt('/portfolio/ugc', backend);
    const links = await screen.findAllByRole('link', { name: /Watch reel \d on Instagram/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.instagram.com/reel/DEMO-one/',
      'https://www.instagram.com/reel/DEMO-two/',
      'https://www.instagram.com/reel/DEMO-three/',
    ]);
  });

  it('loads the embed script on the UGC page only, once, and processes the reels when it loads', async () => {
    const { unmount } = renderAt('/', backend);
    await screen.findByRole('heading', { name: 'Photoshoot' });
    expect(embedScripts()).toHaveLength(0);
    unmount();

    renderAt('/portfolio/ugc', backend);
    await screen.findAllByRole('link', { name: /Watch reel/ });
    expect(embedScripts()).toHaveLength(1);
    const process = jest.fn();
    window.instgrm = { Embeds: { process } };
    embedScripts()[0]!.dispatchEvent(new Event('load'));
    expect(process).toHaveBeenCalledTimes(1);
  });

  it('keeps the plain links, silently, when the embed script cannot load', async () => {
    const errors = jest.spyOn(console, 'error');
    renderAt('/portfolio/ugc', backend);
    await screen.findAllByRole('link', { name: /Watch reel/ });
    embedScripts()[0]!.dispatchEvent(new Event('error'));
    expect(embedScripts()).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /Watch reel/ })).toHaveLength(3);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('waits until the browser is online before requesting the script', async () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt('/portfolio/ugc', backend);
    await screen.findAllByRole('link', { name: /Watch reel/ });
    expect(embedScripts()).toHaveLength(0);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(embedScripts()).toHaveLength(1);
    onLine.mockRestore();
  });

  it('names each reel by its own platform: a TikTok video plays in its own frame, a short link stays a card', async () => {
    const ugcReels = [
      'https://www.instagram.com/reel/DEMO-one/',
      'https://www.tiktok.com/@ava/video/7301234567890123456',
      'https://vm.tiktok.com/ZMabc123/',
      'https://vimeo.com/123456',
    ];
    ({ backend } = await visitSite({ portfolioMeta: { ...portfolioMeta, ugcReels } }));
    renderAt('/portfolio/ugc', backend);
    expect(await screen.findByRole('link', { name: 'Watch reel 1 on Instagram' })).toHaveAttribute('href', ugcReels[0]);
    expect(screen.getByRole('link', { name: 'Watch reel 2 on TikTok' })).toHaveAttribute('href', ugcReels[1]);
    expect(screen.getByTitle('Reel 2 on TikTok')).toHaveAttribute(
      'src',
      'https://www.tiktok.com/player/v1/7301234567890123456',
    );
    expect(screen.getByRole('link', { name: 'Watch reel 3 on TikTok' })).toHaveAttribute('href', ugcReels[2]);
    expect(screen.getByRole('link', { name: 'Watch reel 4' })).toHaveAttribute('href', ugcReels[3]);
    // Only the Instagram reel is handed to Instagram's script; the others are no Instagram posts.
    expect(document.querySelectorAll('blockquote.instagram-media')).toHaveLength(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('requests no Instagram script when no reel is on Instagram', async () => {
    const ugcReels = ['https://www.tiktok.com/@ava/video/7301234567890123456'];
    ({ backend } = await visitSite({ portfolioMeta: { ...portfolioMeta, ugcReels } }));
    renderAt('/portfolio/ugc', backend);
    await screen.findByRole('link', { name: 'Watch reel 1 on TikTok' });
    expect(embedScripts()).toHaveLength(0);
  });

  it("says 'No UGC content available yet.' when there are no reels", async () => {
    ({ backend } = await visitSite({ portfolioMeta: { ...portfolioMeta, ugcReels: ['', ' '] } }));
    renderAt('/portfolio/ugc', backend);
    expect(await screen.findByText('No UGC content available yet.')).toBeInTheDocument();
    expect(embedScripts()).toHaveLength(0);
    expect(within(document.body).queryByRole('link', { name: /Watch reel/ })).not.toBeInTheDocument();
  });

  it('plays her uploaded UGC videos on the page with controls and sound, her photos beside them, then the reels', async () => {
    const ugc = [
      {
        id: '3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d',
        type: 'video' as const,
        url: '/media/uploads/3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d/video.mp4',
        name: 'Serum unboxing',
        poster: '/media/uploads/3f0c6a52-8d1e-4b7a-9c21-5e4f7a8b9c0d/poster.jpg',
      },
      {
        type: 'image' as const,
        url: '/media/uploads/e/960.jpg',
        name: 'Serum on the counter',
        width: 960,
        height: 1200,
        srcSet: '/media/uploads/e/480.webp 480w, /media/uploads/e/960.webp 960w',
      },
    ];
    const base = seed();
    ({ backend } = await visitSite({ portfolioContent: { ...base.portfolioContent!, ugc } }));
    renderAt('/portfolio/ugc', backend);
    const grid = await screen.findByRole('list', { name: 'UGC' });
    const video = grid.querySelector('video');
    expect(video).toHaveAttribute('src', ugc[0]!.url);
    expect(video).toHaveAttribute('poster', ugc[0]!.poster);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('aria-label', 'Serum unboxing');
    // Not the portfolio's muted, looping tile: a clip is heard.
    expect((video as HTMLVideoElement).muted).toBe(false);
    expect(video).not.toHaveAttribute('loop');
    const photo = within(grid).getByRole('button', { name: 'Open Serum on the counter in the viewer' });
    expect(photo.querySelector('img')).toHaveAttribute('srcset', ugc[1]!.srcSet);
    // Her reel links stay, after her own videos.
    expect(screen.getAllByRole('link', { name: /Watch reel \d on Instagram/ })).toHaveLength(3);
  });

  it('shows her uploads alone when she has no reels', async () => {
    const ugc = [{ type: 'video' as const, url: '/media/uploads/v/video.mp4', name: 'Try-on haul' }];
    const base = seed();
    ({ backend } = await visitSite({
      portfolioMeta: { ...portfolioMeta, ugcReels: [] },
      portfolioContent: { ...base.portfolioContent!, ugc },
    }));
    renderAt('/portfolio/ugc', backend);
    expect(await screen.findByLabelText('Try-on haul')).toHaveAttribute('controls');
    expect(screen.queryByText('No UGC content available yet.')).not.toBeInTheDocument();
  });
});

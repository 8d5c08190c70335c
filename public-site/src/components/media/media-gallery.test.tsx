import '../../test-support/polyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaItem } from '@studio/shared/domain';
import { MediaGallery } from './media-gallery';
import { wrapIndex } from './media-viewer';

const items: MediaItem[] = [
  { type: 'image', url: '/a.svg', name: 'Look A', width: 800, height: 1000 },
  { type: 'video', url: '/walk.webm', name: 'Walk' },
  { type: 'image', url: '/b.svg', name: 'Look B', width: 800, height: 1000 },
  { type: 'image', url: '/c.svg', name: 'Look C', width: 800, height: 1000 },
];

function setup() {
  const user = userEvent.setup();
  render(
    <div id="root">
      <MediaGallery items={items} label="Looks" />
    </div>,
  );
  return user;
}

const counter = () => screen.getByRole('dialog').querySelector('.viewer-counter');
const shownImage = () => screen.getByRole('dialog').querySelector('img');

describe('image carousel', () => {
  it('wraps indexes at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('opens on the clicked image with a counter over the images only, and wraps next and previous', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open Look C in the viewer' }));
    expect(await screen.findByRole('dialog', { name: 'Image viewer' })).toBeInTheDocument();
    expect(counter()).toHaveTextContent('3 / 3');
    expect(shownImage()).toHaveAttribute('src', '/c.svg');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter()).toHaveTextContent('1 / 3');
    expect(shownImage()).toHaveAttribute('src', '/a.svg');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(counter()).toHaveTextContent('3 / 3');
  });

  it('steps on a horizontal swipe (left = next, right = previous) and ignores a vertical stroke or a short one', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open Look A in the viewer' }));
    await screen.findByRole('dialog');
    const stage = screen.getByRole('dialog').querySelector('.viewer-stage')!;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(stage, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(stage, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 400], [120, 410]);
    expect(counter()).toHaveTextContent('2 / 3');
    swipe([100, 400], [300, 390]);
    expect(counter()).toHaveTextContent('1 / 3');
    swipe([100, 400], [300, 390]);
    expect(counter()).toHaveTextContent('3 / 3');
    swipe([200, 100], [150, 500]);
    swipe([200, 400], [180, 400]);
    expect(counter()).toHaveTextContent('3 / 3');
  });

  it('answers the arrow keys and closes on Escape, giving focus back to the opener', async () => {
    const user = setup();
    const opener = screen.getByRole('button', { name: 'Open Look A in the viewer' });
    await user.click(opener);
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Close viewer' })).toHaveFocus();
    expect(document.getElementById('root')).toHaveAttribute('inert');
    await user.keyboard('{ArrowLeft}');
    expect(counter()).toHaveTextContent('3 / 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(counter()).toHaveTextContent('2 / 3');
    expect(shownImage()).toHaveAttribute('src', '/b.svg');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.getElementById('root')).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside the dialog on Tab and Shift+Tab', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Open Look B in the viewer' }));
    await screen.findByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close viewer' });
    const next = screen.getByRole('button', { name: 'Next image' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(next).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });
});

describe('videos', () => {
  let play: jest.SpyInstance;
  let pause: jest.SpyInstance;
  beforeEach(() => {
    // jsdom has no media playback: play and pause fire the events a browser would.
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: false });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: true });
      this.dispatchEvent(new Event('pause'));
    });
  });
  afterEach(() => {
    play.mockRestore();
    pause.mockRestore();
  });

  it('are muted, loop and play inline, with a TAP TO PLAY overlay; a tap toggles play', async () => {
    const user = setup();
    const video = document.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(screen.getByText('TAP TO PLAY')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'TAP TO PLAY (Walk)' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('TAP TO PLAY')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause video: Walk' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByText('TAP TO PLAY')).toBeInTheDocument();
  });

  it('keeps the overlay when the browser refuses to play', async () => {
    play.mockImplementation(() => Promise.reject(new Error('NotAllowedError')));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'TAP TO PLAY (Walk)' }));
    await act(async () => undefined);
    expect(screen.getByText('TAP TO PLAY')).toBeInTheDocument();
  });
});

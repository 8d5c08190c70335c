// A portfolio video (docs/product.md §2): muted, looping, inline on phones, paused until tapped; a tap toggles play and pause.
import { useRef, useState } from 'react';
import { messages } from '../../messages';

export interface VideoTileProps {
  src: string;
  name: string;
  poster?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

export function VideoTile({ src, name, poster, width, height }: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) {
      // play() rejects when the browser refuses (data saver, decoding error); the overlay then simply stays.
      void Promise.resolve(el.play()).catch(() => setPlaying(false));
    } else {
      el.pause();
    }
  };

  return (
    // The tile keeps the grid's 4:5 frame whatever the video's own shape; width and height still reserve space.
    <div className="video-tile" data-island="video">
      <video
        ref={video}
        src={src}
        poster={poster}
        width={width}
        height={height}
        muted
        loop
        playsInline
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button
        type="button"
        className={playing ? 'video-toggle is-playing' : 'video-toggle'}
        aria-pressed={playing}
        onClick={toggle}
      >
        {playing ? (
          <span className="visually-hidden">{messages.media.pauseVideo(name)}</span>
        ) : (
          <span className="video-overlay">
            <span className="video-play-icon" aria-hidden="true" />
            {messages.media.tapToPlay}
            <span className="visually-hidden">{messages.media.videoSuffix(name)}</span>
          </span>
        )}
      </button>
    </div>
  );
}

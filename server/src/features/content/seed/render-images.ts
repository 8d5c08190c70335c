// Child process of the server: renders every missing responsive copy of the demo artwork, then exits. Run apart
// from the server so the image library's memory (AVIF encoding peaks at hundreds of MB) is never the server's.
import { exitWithParent } from '../../../platform/exit-with-parent';
import { demoArtworks } from './demo-content';
import { createResponsiveImages } from './responsive-images';

// A server that was killed (SIGKILL runs none of its shutdown) must not leave this one encoding for minutes.
exitWithParent();

const mediaDir = process.argv[2];
if (!mediaDir) {
  console.error('usage: render-images <media dir>');
  process.exit(2);
}
const images = createResponsiveImages(mediaDir, demoArtworks);
process.on('SIGTERM', () => images.stop());
images.warm().then(
  (result) => {
    process.send?.(result);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

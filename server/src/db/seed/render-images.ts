// Child process of the server: renders every missing responsive copy of the demo artwork, then exits. Run apart
// from the server so the image library's memory (AVIF encoding peaks at hundreds of MB) is never the server's.
import { demoArtworks } from './demo-content';
import { createResponsiveImages } from './responsive-images';

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

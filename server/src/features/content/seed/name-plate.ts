// The demo's home plate (media/hero.svg) carries her name, and the share image of link previews is cut from it
// (responsive-images.ts). Drawn once at the first start, it kept the seed's name after a rename: here it is
// redrawn from her current name (Site details) at start and after each content change, and its raster copies are
// removed, so the next request for the share image renders it again from the new plate (ResponsiveImages.ensure).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { responsiveUrl } from '@studio/shared/domain';
import { artworkSvg } from './demo-media';
import { SHARE_IMAGE, widthsFor } from './responsive-images';

const PLATE = { file: 'hero.svg', width: 1600, height: 1000 } as const;

/** Redraws the plate with `name` when it shows another; answers whether it did. */
export function redrawNamePlate(mediaDir: string, name: string): boolean {
  const file = path.join(mediaDir, PLATE.file);
  // Only the demo's plate: a site without the seed has none, and her own hero image (Site details) is not drawn.
  if (!existsSync(file)) return false;
  const svg = artworkSvg(PLATE.file, name, PLATE.width, PLATE.height);
  if (readFileSync(file, 'utf8') === svg) return false;
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, svg);
  renameSync(partial, file);
  const copies = [
    SHARE_IMAGE,
    ...widthsFor(PLATE.width).flatMap((w) =>
      (['webp', 'avif'] as const).map((f) => responsiveUrl(`/media/${PLATE.file}`, w, f)),
    ),
  ];
  for (const url of copies) rmSync(path.join(mediaDir, url.replace(/^\/media\//, '')), { force: true });
  return true;
}

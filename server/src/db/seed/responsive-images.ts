// Responsive raster copies of the demo artwork (AVIF and WebP at several widths) and the share image for link
// previews, rendered with sharp into DATA_DIR/media/responsive. Nothing generated is kept in git.

/** The Open Graph image (1200x630 JPEG: social sites show neither SVG nor AVIF). */
export const SHARE_IMAGE = '/media/responsive/share-1200x630.jpg';

/** An image as the viewer shows it. */
export interface ViewerImage {
  src: string;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
  srcSet?: string | undefined;
}

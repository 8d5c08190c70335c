// Demo artwork, drawn as SVG at first start so the repository ships no photographs and nothing is downloaded.
// Each picture is a deterministic composition (backdrop gradient, floor, a standing figure) from a seed string.
import { mkdirSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import path from 'node:path';

function hash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// Labels such as 'Black & White concept' must be escaped: an unescaped '&' makes the SVG invalid XML, which both
// browsers and the image renderer refuse.
function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Artwork {
  file: string;
  width: number;
  height: number;
  label: string;
}

export function artworkSvg(seed: string, label: string, width: number, height: number): string {
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h % 60)) % 360;
  const mono = seed.includes('blackwhite');
  const sat = mono ? 0 : 45;
  const c1 = `hsl(${hue} ${sat}% 72%)`;
  const c2 = `hsl(${hue2} ${sat}% 38%)`;
  const figure = `hsl(${hue} ${mono ? 0 : 30}% 14%)`;
  const cx = width * (0.35 + ((h >> 8) % 30) / 100);
  const s = height / 1000;
  const pose = (h >> 4) % 3;
  const arm = pose === 0 ? 'M-70 300 L-120 520' : pose === 1 ? 'M-70 300 L-40 500' : 'M-70 300 L-150 420';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
<radialGradient id="l" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/><rect width="${width}" height="${height}" fill="url(#l)"/>
<rect y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="#000" opacity="0.18"/>
<g transform="translate(${cx} ${height * 0.12}) scale(${s})" fill="${figure}" stroke="${figure}" stroke-linecap="round">
<circle cx="0" cy="70" r="48" stroke="none"/>
<path d="M-20 120 L20 120 L70 300 L40 560 L-40 560 L-70 300 Z" stroke="none"/>
<path d="${arm}" stroke-width="26" fill="none"/><path d="M70 300 L110 500" stroke-width="26" fill="none"/>
<path d="M-25 540 L-45 820" stroke-width="34" fill="none"/><path d="M25 540 L55 820" stroke-width="34" fill="none"/>
</g></svg>`;
}

/** Writes every artwork into dir (skipping files already there) and returns nothing; callers know the names. */
export function writeArtworks(dir: string, artworks: Artwork[]): void {
  mkdirSync(dir, { recursive: true });
  for (const a of artworks) {
    const file = path.join(dir, a.file);
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, artworkSvg(a.file, a.label, a.width, a.height));
  }
}

/** Copies the shipped demo videos (server/media-src) into the media folder. */
export function copyShippedMedia(srcDir: string, dir: string, files: string[]): void {
  for (const f of files) {
    const target = path.join(dir, f);
    if (existsSync(target) || !existsSync(path.join(srcDir, f))) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(srcDir, f), target);
  }
}

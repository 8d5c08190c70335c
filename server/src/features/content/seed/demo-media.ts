// Demo artwork, drawn as SVG at first start so the repository ships no photographs and nothing is downloaded.
// Each picture is a deterministic composition from a seed string (see artworkSvg).
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

// Editorial placeholder plates: a tonal studio backdrop with a sweep of floor, soft window light, an abstract figure
// in a long silhouette with its cast shadow, a fine grain, and a caption set like a magazine's (a hairline rule, the
// picture's name in spaced capitals, a plate number). Clearly placeholders, but ones that read as a designed page.
// Only shapes, gradients, a dot pattern and text: no filter, so rendering every size at first start stays quick.
const PALETTES: ReadonlyArray<readonly [light: string, mid: string, ink: string]> = [
  ['#EDE6DC', '#B9A998', '#2B2522'],
  ['#E3E5DB', '#8E9580', '#262826'],
  ['#EBDCD5', '#B5826F', '#2E211C'],
  ['#DDE3E6', '#7D8B94', '#1E2833'],
  ['#E9E1D0', '#A88F62', '#2A2418'],
];
const MONO = ['#E9E9E9', '#8C8C8C', '#1A1A1A'] as const;

export function artworkSvg(seed: string, label: string, width: number, height: number): string {
  const h = hash(seed);
  const [light, mid, ink] = seed.includes('blackwhite') ? MONO : PALETTES[h % PALETTES.length]!;
  const u = Math.min(width, height) / 1000;
  // The figure stands left or right of centre, by the seed; the light comes from the other side.
  const left = (h >> 3) % 2 === 0;
  // On a wide plate the figure stays near the middle, inside the portrait crop of the home page's hero.
  const spread = width / height > 1.3 ? 0.07 : 0.12;
  const cx = width * (left ? 0.5 - spread : 0.5 + spread) + (((h >> 5) % 40) - 20) * u;
  const floor = height * 0.8;
  const top = height * 0.16;
  const figH = floor - top;
  const sway = (((h >> 9) % 30) - 15) * u;
  const wide = 0.16 + ((h >> 12) % 8) / 100;
  const plate = String((h % 48) + 1).padStart(2, '0');
  const caption = escapeXml(label.toUpperCase());
  const fs = Math.max(11, Math.round(15 * u * (width / Math.min(width, height)) ** 0.2));
  // The grain: a few dots in a small tile, repeated; deterministic from the seed.
  const dots = Array.from({ length: 70 }, (_, i) => {
    const v = hash(`${seed}:${i}`);
    return `<rect x="${v % 48}" y="${(v >> 8) % 48}" width="1" height="1" fill="${i % 2 ? '#000' : '#fff'}" opacity="${(((v >> 16) % 5) + 2) / 40}"/>`;
  }).join('');
  const x = (f: number) => (cx + f * figH).toFixed(1);
  const y = (f: number) => (top + f * figH).toFixed(1);
  const silhouette = [
    `M${x(-0.035)} ${y(0.17)}`,
    `C${x(-0.07)} ${y(0.2)} ${x(-wide * 0.6)} ${y(0.3)} ${x(-wide * 0.55)} ${y(0.45)}`,
    `C${x(-wide * 0.7)} ${y(0.7)} ${x(-wide)} ${y(0.92)} ${(cx - wide * figH + sway).toFixed(1)} ${y(1)}`,
    `L${(cx + wide * figH * 0.8 + sway).toFixed(1)} ${y(1)}`,
    `C${x(wide * 0.7)} ${y(0.88)} ${x(wide * 0.45)} ${y(0.6)} ${x(wide * 0.5)} ${y(0.42)}`,
    `C${x(wide * 0.55)} ${y(0.28)} ${x(0.07)} ${y(0.2)} ${x(0.035)} ${y(0.17)} Z`,
  ].join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="0.75" stop-color="${light}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
<radialGradient id="light" cx="${left ? 0.8 : 0.2}" cy="0.15" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${ink}" stop-opacity="0.35"/><stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>
<linearGradient id="cloth" x1="${left ? 1 : 0}" y1="0" x2="${left ? 0 : 1}" y2="0"><stop offset="0" stop-color="${ink}" stop-opacity="0.78"/><stop offset="1" stop-color="${ink}"/></linearGradient>
<pattern id="grain" width="48" height="48" patternUnits="userSpaceOnUse">${dots}</pattern>
</defs>
<rect width="${width}" height="${height}" fill="url(#wall)"/>
<path d="M0 ${(floor - 40 * u).toFixed(1)} Q${width / 2} ${(floor + 10 * u).toFixed(1)} ${width} ${(floor - 40 * u).toFixed(1)} L${width} ${height} L0 ${height} Z" fill="url(#floor)"/>
<rect width="${width}" height="${height}" fill="url(#light)"/>
<ellipse cx="${(cx + (left ? -1 : 1) * 0.12 * figH).toFixed(1)}" cy="${floor.toFixed(1)}" rx="${(0.28 * figH).toFixed(1)}" ry="${(0.025 * figH).toFixed(1)}" fill="url(#shadow)"/>
<ellipse cx="${(cx + sway * 0.1).toFixed(1)}" cy="${y(0.085)}" rx="${(0.042 * figH).toFixed(1)}" ry="${(0.055 * figH).toFixed(1)}" fill="${ink}"/>
<rect x="${x(-0.014)}" y="${y(0.12)}" width="${(0.028 * figH).toFixed(1)}" height="${(0.07 * figH).toFixed(1)}" fill="${ink}"/>
<path d="${silhouette}" fill="url(#cloth)"/>
<rect width="${width}" height="${height}" fill="url(#grain)"/>
${
  // A wide plate (the home page's hero, and the share image cut from it) is cropped to a portrait or to 1200x630:
  // its caption goes in the middle, inside both crops, without the rule and the plate number.
  width / height > 1.3
    ? `<g fill="${ink}" font-family="DejaVu Serif, Georgia, 'Times New Roman', serif">
<text x="${(width / 2).toFixed(1)}" y="${(height * 0.835).toFixed(1)}" font-size="${fs}" letter-spacing="${(fs * 0.18).toFixed(1)}" text-anchor="middle">${caption}</text>
`
    : `<g fill="${ink}" font-family="DejaVu Serif, Georgia, 'Times New Roman', serif">
<rect x="${(40 * u).toFixed(1)}" y="${(height - 78 * u).toFixed(1)}" width="${(90 * u).toFixed(1)}" height="${Math.max(1, u).toFixed(1)}"/>
<text x="${(40 * u).toFixed(1)}" y="${(height - 46 * u).toFixed(1)}" font-size="${fs}" letter-spacing="${(fs * 0.18).toFixed(1)}">${caption}</text>
<text x="${(width - 40 * u).toFixed(1)}" y="${(58 * u).toFixed(1)}" font-size="${fs}" text-anchor="end" font-style="italic" opacity="0.8">No. ${plate}</text>
`
}</g>
</svg>`;
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

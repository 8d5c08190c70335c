// Reads a PDF's text the way a reader does, with Mozilla's pdf.js: read-pdf.mjs in a child Node process (pdf.js is an
// ES module; jest here compiles to CommonJS), each page's text and size, and all of it with white space runs made one.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface PdfText {
  pages: Array<{ text: string; width: number; height: number }>;
  title: string;
  /** Every page's text in one string, white space runs made one space. */
  all: string;
}

export function pdfText(pdf: Uint8Array): PdfText {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'read-pdf.mjs')], {
    input: Buffer.from(pdf),
    maxBuffer: 32 * 1024 * 1024,
  });
  const parsed = JSON.parse(out.toString('utf8')) as Omit<PdfText, 'all'>;
  return {
    ...parsed,
    all: parsed.pages
      .map((p) => p.text)
      .join('\n')
      .replace(/\s+/g, ' '),
  };
}

// Reads a PDF's text the way a reader does, with Mozilla's pdf.js (pdfjs-dist, a dev dependency): each page's text,
// lines joined by newlines and runs of white space made single. pdf.js is an ES module, so it runs in a child Node
// process that reads the PDF on standard input (jest here compiles to CommonJS).
import { execFileSync } from 'node:child_process';

const SCRIPT = `
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= doc.numPages; i++) {
  const page = await doc.getPage(i);
  const { items } = await page.getTextContent();
  let text = '';
  for (const item of items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : '');
  const { width, height } = page.getViewport({ scale: 1 });
  pages.push({ text, width, height });
}
const meta = await doc.getMetadata();
process.stdout.write(JSON.stringify({ pages, title: meta.info.Title ?? '' }));
`;

export interface PdfText {
  pages: Array<{ text: string; width: number; height: number }>;
  title: string;
  /** Every page's text in one string, white space runs made one space. */
  all: string;
}

export function pdfText(pdf: Uint8Array, cwd: string = __dirname): PdfText {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    input: Buffer.from(pdf),
    cwd,
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

// Reads a PDF from standard input with Mozilla's pdf.js (pdfjs-dist) and prints its text as JSON: each page's text
// (lines ended by newlines) and size, and the document's title. Used by the server's tests (pdf-text.ts) and the
// browser tests (e2e/support/pdf-text.ts), which run it as a child process: pdf.js is an ES module.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= doc.numPages; i++) {
  const page = await doc.getPage(i);
  const { items } = await page.getTextContent();
  let text = '';
  for (const item of items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
  const { width, height } = page.getViewport({ scale: 1 });
  pages.push({ text, width, height });
}
const meta = await doc.getMetadata();
process.stdout.write(JSON.stringify({ pages, title: meta.info.Title ?? '' }));

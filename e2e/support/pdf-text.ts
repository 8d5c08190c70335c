// A PDF's text as pdf.js reads it (the server's tests' reader, server/test/read-pdf.mjs, where pdfjs-dist is
// installed): every page's text in one string with white space runs made one, and the last page's alone.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server';

export function pdfText(pdf: Buffer): { all: string; lastPage: string; pages: number } {
  const out = execFileSync(process.execPath, [path.join(REPO_ROOT, 'server', 'test', 'read-pdf.mjs')], {
    input: pdf,
    maxBuffer: 32 * 1024 * 1024,
  });
  const { pages } = JSON.parse(out.toString('utf8')) as { pages: Array<{ text: string }> };
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  return {
    all: flat(pages.map((p) => p.text).join('\n')),
    lastPage: flat(pages.at(-1)?.text ?? ''),
    pages: pages.length,
  };
}

import DOMPurify from 'dompurify';
import { HOSTILE, isPlainText, SAME_ON_BOTH_PATHS } from './sanitize-cases';
import { sanitizeInput, sanitizeWithDom } from './sanitize-input';

describe('sanitizeInput with a DOM (jsdom, DOMPurify)', () => {
  it('runs on the DOMPurify path here', () => {
    expect(DOMPurify.isSupported).toBe(true);
  });

  it.each(SAME_ON_BOTH_PATHS)('%p -> %p', (input, expected) => {
    expect(sanitizeInput(input)).toBe(expected);
    expect(sanitizeWithDom(input)).toBe(expected);
  });

  it.each(HOSTILE)('leaves only plain text of %p', (input) => {
    const out = sanitizeInput(input);
    expect(isPlainText(out)).toBe(true);
    expect(out.toLowerCase()).not.toContain('<script');
  });

  it('reads nested script tags as a browser would', () => {
    // The browser sees a tag named "scr<script", then text: harmless letters are all that is left.
    expect(sanitizeInput('<scr<script>ipt>alert(1)</script>')).toBe('iptalert(1)');
    expect(sanitizeInput('<<b>b>')).toBe('b');
  });

  it('returns an empty string for empty or non-string input', () => {
    expect(sanitizeInput('')).toBe('');
    expect(sanitizeInput(undefined as unknown as string)).toBe('');
  });

  it('does not touch the page while sanitising', () => {
    const before = document.body.innerHTML;
    sanitizeInput('<img src=x onerror="document.body.innerHTML=1">');
    expect(document.body.innerHTML).toBe(before);
  });
});

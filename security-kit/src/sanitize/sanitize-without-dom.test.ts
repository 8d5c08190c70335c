/**
 * @jest-environment node
 */
// The server has no DOM: here dompurify exports only its factory, and sanitizeInput must fall back to the
// regular-expression path.
import DOMPurify from 'dompurify';
import { HOSTILE, isPlainText, SAME_ON_BOTH_PATHS } from './sanitize-cases';
import { sanitizeInput } from './sanitize-input';
import { decodeBasicEntities, sanitizeWithoutDom, stripMarkup } from './strip-markup';

describe('sanitizeInput without a DOM (node)', () => {
  it('has no DOM here', () => {
    expect(typeof document).toBe('undefined');
    expect(DOMPurify.isSupported).toBeFalsy();
  });

  it.each(SAME_ON_BOTH_PATHS)('%p -> %p', (input, expected) => {
    expect(sanitizeInput(input)).toBe(expected);
    expect(sanitizeWithoutDom(input)).toBe(expected);
  });

  it.each(HOSTILE)('leaves only plain text of %p', (input) => {
    const out = sanitizeInput(input);
    expect(isPlainText(out)).toBe(true);
    expect(out.toLowerCase()).not.toContain('script>');
  });

  it('removes tags re-formed by removing an inner tag', () => {
    expect(stripMarkup('<scr<script>ipt>alert(1)</script>')).toBe('');
    expect(stripMarkup('<<b>b>')).toBe('');
    expect(stripMarkup('<<script>script>alert(1)<</script>/script>')).toBe('');
  });

  it('stays bounded on deeply nested input', () => {
    // Each pass peels one layer of <<<b>b>b>…; past the pass cap the final character pass still makes it safe.
    const nested = `${'<'.repeat(5000)}${'b>'.repeat(5000)}`;
    const started = Date.now();
    expect(isPlainText(sanitizeInput(nested))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('decodes entities like a DOM would, with invalid code points replaced', () => {
    expect(decodeBasicEntities('&amp;&lt;&gt;&quot;&apos;&nbsp;&#65;&#x42;&#0;&#x110000;&copy;')).toBe(
      '&<>"\'\u00a0AB\ufffd\ufffd&copy;',
    );
  });
});

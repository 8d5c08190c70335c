// sanitizeInput (docs/product.md §5): turns anything a visitor typed into safe plain text. Where a DOM exists (browser, jsdom)
// DOMPurify parses the input as a browser would; elsewhere (the server) the regular-expression fallback runs.
import DOMPurify from 'dompurify';
import { sanitizeWithoutDom, UNSAFE_CHARACTERS } from './strip-markup';

// In node, the dompurify module exports a factory without `sanitize` (isSupported false): no DOM, use the fallback.
function domPurifyAvailable(): boolean {
  return typeof DOMPurify.sanitize === 'function' && DOMPurify.isSupported;
}

/**
 * DOM path: no tags or attributes allowed, text content kept (script/style content is dropped by DOMPurify).
 * The result is read as a DOM fragment's textContent rather than DOMPurify's HTML string, because the string is
 * re-escaped HTML: "Tom & Jerry" would come back as "Tom &amp; Jerry" and, once '&' is removed, as "Tom amp; Jerry".
 */
export function sanitizeWithDom(input: string): string {
  const fragment = DOMPurify.sanitize(input, {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
  return (fragment.textContent ?? '').replace(UNSAFE_CHARACTERS, '');
}

/** Strips script (with content) and all other tags, then the characters < > " ' &. Not trimmed. */
export function sanitizeInput(input: string): string {
  if (typeof input !== 'string' || input === '') return '';
  return domPurifyAvailable() ? sanitizeWithDom(input) : sanitizeWithoutDom(input);
}

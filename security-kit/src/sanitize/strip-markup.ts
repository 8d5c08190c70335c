// DOM-less sanitiser: regular expressions that approximate how an HTML parser would read the input, for the
// server (node) and any context without a DOM. Safety does not rest on the approximation: whatever a pattern
// misses, the final pass removes every < > " ' & so no tag, attribute or entity can survive.

/** Characters removed from every sanitised value (docs/product.md §5). */
export const UNSAFE_CHARACTERS = /[<>"'&]/g;

// Elements whose content is code or otherwise not meant as text: dropped together with their content, like
// DOMPurify does (its FORBID_CONTENTS). An unclosed one swallows the rest of the input, as in a browser.
const RAW_CONTENT_ELEMENT =
  /<(script|style|iframe|noscript|noembed|noframes|template|title|xmp|svg|math)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// <!DOCTYPE …>, <![CDATA[ … ]]>, <?xml … ?>: markup declarations and processing instructions.
const DECLARATION = /<[!?][^>]*(?:>|$)/g;
// A start or end tag: quoted attribute values may contain '>' (as in a browser, they do not end the tag).
const TAG = /<\/?[a-z](?:"[^"]*"|'[^']*'|[^"'>])*>/gi;
// A tag still open at the end of the input (`<img src=x onerror=alert(1)`): a browser drops it entirely.
const UNCLOSED_TAG = /<\/?[a-z][\s\S]*$/i;

// Removing one layer of tags can join pieces into a new tag (`<scr<script>ipt>`, `<<b>b>`), so passes repeat until
// nothing changes. Each pass shortens the string; the cap only bounds the work on hostile input.
const MAX_PASSES = 25;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function codePointText(codePoint: number): string {
  // Like a browser: NUL, surrogates and out-of-range values become the replacement character.
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(codePoint);
}

/** Decodes the entities a DOM's textContent would decode (numeric and the common named ones). */
export function decodeBasicEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,8})|#x([0-9a-f]{1,7})|(amp|lt|gt|quot|apos|nbsp));?/gi,
    (match: string, dec: unknown, hex: unknown, name: unknown) => {
      if (typeof dec === 'string') return codePointText(Number.parseInt(dec, 10));
      if (typeof hex === 'string') return codePointText(Number.parseInt(hex, 16));
      return NAMED_ENTITIES[String(name).toLowerCase()] ?? match;
    },
  );
}

/** Removes script-like elements with their content, comments and all tags, without a DOM. Returns HTML-free text. */
export function stripMarkup(input: string): string {
  let text = input;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = text
      .replace(RAW_CONTENT_ELEMENT, '')
      .replace(COMMENT, '')
      .replace(DECLARATION, '')
      .replace(TAG, '')
      .replace(UNCLOSED_TAG, '');
    if (next === text) break;
    text = next;
  }
  return text;
}

/** The DOM-less sanitiser: markup out, entities decoded to text, then the unsafe characters removed. */
export function sanitizeWithoutDom(input: string): string {
  return decodeBasicEntities(stripMarkup(input)).replace(UNSAFE_CHARACTERS, '');
}

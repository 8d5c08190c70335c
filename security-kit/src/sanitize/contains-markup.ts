// Detects HTML or script in a value, so SecureForm can refuse it instead of silently changing what was sent.
// Ordinary text is left alone: "a < b", "I <3 it", "Tom & Jerry" and "O'Brien" are not markup.

const MARKUP_PATTERNS: readonly RegExp[] = [
  // Like a browser, a tag needs a letter right after '<' (or '</'): "a < b and c > d" is text.
  /<\/?[a-z][^>]*>/i, // a complete tag: <b>, </div>
  /<\/?[a-z][\w-]*(?:\s|$)/i, // a tag that was left open: <img src=x onerror=alert(1)
  /<!--|<!\[CDATA\[|<!doctype|<\?xml/i, // comments, CDATA, declarations
  /&(?:lt|#0*60|#x0*3c);?\s*\/?\s*[a-z]/i, // an entity-encoded tag: &lt;script&gt;
  /\b(?:javascript|vbscript)\s*:/i, // script URLs
  /\bdata\s*:\s*text\/html/i,
  /\bon[a-z]{3,}\s*=/i, // event-handler attributes: onerror=, onload =
];

export function containsMarkup(text: string): boolean {
  return MARKUP_PATTERNS.some((pattern) => pattern.test(text));
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  // '&' first, so the entities added after it are not escaped twice.
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// An image's alt text follows the portfolio editor's rule. The upload (which names the item) and
// the saved portfolio (which the editor checks and the server stores) accept exactly the same names, so nothing the
// upload took is refused when she next saves her portfolio.
import { mediaItemInputSchema, mediaUploadFieldsSchema, NO_MARKUP_MESSAGE } from './index';

const uploadAlt = (alt: string) => mediaUploadFieldsSchema.safeParse({ alt, section: 'comp-card' });
const savedName = (name: string) =>
  mediaItemInputSchema.safeParse({ type: 'image', url: '/media/00000000-0000-4000-8000-000000000000.webp', name });

const NAMES = [
  'Headshot',
  'Me & my dog, "Rex" <3',
  'R&B night at the Crescent',
  'Zoë on the runway 😀',
  '  Trimmed  ',
  'x'.repeat(200),
  'x'.repeat(201),
  '<b>Headshot</b>',
  '<img src=x onerror=alert(1)>',
  'Look <script>alert(1)</script>',
  'javascript:alert(1)',
  'Click <a href="https://example.com">here</a>',
  'Tab\there',
  'Line\u2028break',
  'Hidden\u202Etext',
];

const labelled = NAMES.map((name) => [name.length > 40 ? `${name.length} characters` : JSON.stringify(name), name]);

test.each(labelled)('the upload and the editor agree on %s', (_label, name) => {
  expect(uploadAlt(name).success).toBe(savedName(name).success);
});

test('markup in alt text is refused at upload with the markup message, plain text with < or & is not', () => {
  for (const name of ['<b>Headshot</b>', '<img src=x onerror=alert(1)>', 'Look <script>alert(1)</script>']) {
    const result = uploadAlt(name);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['alt', NO_MARKUP_MESSAGE]]);
  }
  expect(uploadAlt('Me & my dog <3').success).toBe(true);
});

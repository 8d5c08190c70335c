import { containsMarkup } from './contains-markup';

describe('containsMarkup', () => {
  it.each([
    '<script>alert(1)</script>',
    'Hello <b>there</b>',
    '<img src=x onerror=alert(1)',
    '<!-- hidden -->',
    '&lt;script&gt;alert(1)',
    '<a href="javascript:alert(1)">',
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'x" onmouseover="alert(1)',
  ])('flags %p', (text) => {
    expect(containsMarkup(text)).toBe(true);
  });

  it.each([
    'I would like a photoshoot in June.',
    'a < b and c > d',
    'I <3 your work',
    'Tom & Jerry',
    "Zoë O'Brien-Smith",
    'Budget: 500-800 EUR, "editorial" style',
    'Contact me online or by phone',
    'Location = London',
  ])('accepts %p', (text) => {
    expect(containsMarkup(text)).toBe(false);
  });
});

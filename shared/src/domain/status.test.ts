import { canGenerateContract, STATUS_COLORS } from './status';
import { BOOKING_STATUSES } from './booking-status';

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('STATUS_COLORS (docs/product.md §4)', () => {
  it('gives New red, Contacted yellow, Confirmed blue and Declined pink', () => {
    expect(STATUS_COLORS.New.name).toBe('red');
    expect(STATUS_COLORS.Contacted.name).toBe('yellow');
    expect(STATUS_COLORS.Confirmed.name).toBe('blue');
    expect(STATUS_COLORS.Declined.name).toBe('pink');
  });

  it.each(BOOKING_STATUSES)('%s has hex colours with at least WCAG AA contrast (4.5:1) for small text', (status) => {
    const { background, text } = STATUS_COLORS[status];
    expect(background).toMatch(/^#[0-9A-F]{6}$/);
    expect(text).toMatch(/^#[0-9A-F]{6}$/);
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('checks contrast the WCAG way', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});

describe('canGenerateContract', () => {
  it('is true only for Confirmed', () => {
    expect(BOOKING_STATUSES.filter(canGenerateContract)).toEqual(['Confirmed']);
  });
});

import type { Service, Tier } from './service-types';
import {
  DEFAULT_SERVICE_CONTENT,
  formatDollarAmount,
  minTierPrice,
  parseDollarAmount,
  servicePriceText,
  withServiceDefaults,
} from './services';

const tier = (price: string, id = `t-${price}`): Tier => ({ id, displayName: id, price, includes: [] });
const service = (id: string, over: Partial<Service> = {}): Service => ({
  id,
  displayName: id,
  description: `${id} description`,
  image: `/img/${id}.jpg`,
  price: '',
  tiers: [],
  ...over,
});

describe('parseDollarAmount and minTierPrice', () => {
  it.each([
    ['$350', 350],
    ['$1,200', 1200],
    ['$99.50', 99.5],
    ['$12,345,678', 12345678],
    ['from $ 80 / hour', 80],
    ['$1200', 1200],
  ])('reads %s as %d', (text, amount) => {
    expect(parseDollarAmount(text)).toBe(amount);
  });

  it.each(['', 'Contact me', '350', 'free', '$'])('finds no amount in %j', (text) => {
    expect(parseDollarAmount(text)).toBeNull();
  });

  it('ignores an amount too large to be a number', () => {
    expect(parseDollarAmount(`$${'9'.repeat(400)}`)).toBeNull();
  });

  it('answers the lowest parsable price and ignores the rest', () => {
    expect(minTierPrice([tier('$1,200'), tier('Custom quote'), tier('$350'), tier('$99.50')])).toBe(99.5);
    expect(minTierPrice([tier('$1,200'), tier('$2,000')])).toBe(1200);
  });

  it('answers null when no tier has a price', () => {
    expect(minTierPrice([])).toBeNull();
    expect(minTierPrice([tier(''), tier('On request')])).toBeNull();
  });
});

describe('formatDollarAmount', () => {
  it('uses a thousands separator and shows cents only when there are some', () => {
    expect(formatDollarAmount(1200)).toBe('1,200');
    expect(formatDollarAmount(350)).toBe('350');
    expect(formatDollarAmount(99.5)).toBe('99.50');
    expect(formatDollarAmount(1234567.25)).toBe('1,234,567.25');
  });
});

describe('servicePriceText', () => {
  it("uses the service's own price when it has one", () => {
    expect(servicePriceText(service('x', { price: '$500 flat', tiers: [tier('$100')] }))).toBe('$500 flat');
  });

  it("falls back to 'Starting from $X' with the lowest tier price", () => {
    expect(servicePriceText(service('x', { tiers: [tier('$1,800'), tier('$1,200')] }))).toBe('Starting from $1,200');
    expect(servicePriceText(service('x', { tiers: [tier('$350.00'), tier('$400')] }))).toBe('Starting from $350');
    expect(servicePriceText(service('x', { tiers: [tier('$99.50')] }))).toBe('Starting from $99.50');
  });

  it('treats a blank own price as missing', () => {
    expect(servicePriceText(service('x', { price: '  ', tiers: [tier('$250')] }))).toBe('Starting from $250');
  });

  it("says 'Contact for pricing' when nothing is parsable", () => {
    expect(servicePriceText(service('x', { tiers: [tier('Ask me')] }))).toBe('Contact for pricing');
    expect(servicePriceText(service('x'))).toBe('Contact for pricing');
  });
});

describe('withServiceDefaults', () => {
  it.each(['photoshoot', 'usergeneratedcontent', 'others'] as const)(
    'fills an empty image and description of %s',
    (id) => {
      const filled = withServiceDefaults(service(id, { image: '', description: ' ' }));
      expect(filled.image).toBe(`/media/services/${id}.svg`);
      expect(filled.description).toBe(DEFAULT_SERVICE_CONTENT[id].description);
      expect(filled.description.length).toBeGreaterThan(0);
    },
  );

  it('keeps values that are set', () => {
    const s = service('photoshoot', { image: '/mine.jpg', description: 'Mine' });
    expect(withServiceDefaults(s)).toEqual(s);
  });

  it('fills each field independently', () => {
    const s = withServiceDefaults(service('others', { image: '', description: 'Mine' }));
    expect(s).toMatchObject({ image: '/media/services/others.svg', description: 'Mine' });
  });

  it('leaves services without defaults alone', () => {
    const s = service('brand-events', { image: '', description: '' });
    expect(withServiceDefaults(s)).toEqual(s);
  });
});

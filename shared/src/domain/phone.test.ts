import { formatPhone, isPhoneNumber, phoneHref, toE164 } from './phone';

describe('phone numbers', () => {
  it.each(['(602) 555-0100', '602-555-0100', '+1 602 555 0100', '602.555.0100', '6025550100', ' +1 (602) 555-0100 '])(
    'reads %p as +16025550100',
    (typed) => expect(toE164(typed)).toBe('+16025550100'),
  );

  it('keeps another country in its own calling code', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it.each(['555-12', '123', 'abc 602 555 0100', '602-555-0100 ext. 5', '+', '', '++16025550100'])(
    'refuses %p',
    (typed) => expect(isPhoneNumber(typed)).toBe(false),
  );

  it('shows a US number nationally, another internationally, an old value as stored', () => {
    expect(formatPhone('+16025550100')).toBe('(602) 555-0100');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('12')).toBe('12');
  });

  it('links to the E.164 number', () => {
    expect(phoneHref('+16025550100')).toBe('tel:+16025550100');
  });
});

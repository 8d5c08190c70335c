import { detectPhishing, PHISHING_PHRASES } from './detect-phishing';

describe('detectPhishing', () => {
  it('has exactly 19 distinct lower-case phrases', () => {
    expect(PHISHING_PHRASES).toHaveLength(19);
    expect(new Set(PHISHING_PHRASES).size).toBe(19);
    for (const phrase of PHISHING_PHRASES) expect(phrase).toBe(phrase.toLowerCase());
  });

  it.each(PHISHING_PHRASES.map((phrase) => [phrase]))('detects %p inside a sentence', (phrase) => {
    expect(detectPhishing(`Hello. Please ${phrase} today.`)).toEqual({ suspicious: true, matches: [phrase] });
  });

  it.each(PHISHING_PHRASES.map((phrase) => [phrase]))('detects %p in upper case with odd spacing', (phrase) => {
    const mangled = phrase.toUpperCase().split(' ').join(' \n\t\u00a0  ');
    expect(detectPhishing(mangled).matches).toEqual([phrase]);
  });

  it.each([
    ['Verify  Your   Account', 'verify your account'],
    ['URGENT\nACTION\nREQUIRED', 'urgent action required'],
    ['click\there\t\timmediately', 'click here immediately'],
    ['confirm\u00a0your\u00a0password', 'confirm your password'],
    ['Wire\r\nTransfer', 'wire transfer'],
    ['gIfT     cArD', 'gift card'],
    ['ver\u200bify your acc\u00adount', 'verify your account'], // zero-width space, soft hyphen
    ['ｇｉｆｔ ｃａｒｄ', 'gift card'], // full-width letters
  ])('matches the variant %p', (text, phrase) => {
    expect(detectPhishing(text).matches).toEqual([phrase]);
  });

  it('lists every phrase found, once, in list order', () => {
    const text = 'Buy a gift card. URGENT ACTION REQUIRED: verify your account, then buy another gift card.';
    expect(detectPhishing(text)).toEqual({
      suspicious: true,
      matches: ['verify your account', 'urgent action required', 'gift card'],
    });
  });

  it('does not match inside longer words', () => {
    expect(detectPhishing('You have wonderful photos').suspicious).toBe(false);
    expect(detectPhishing('a giftcard').suspicious).toBe(false);
    expect(detectPhishing('act now').suspicious).toBe(false);
  });

  it('passes a genuine booking request', () => {
    const text =
      'Hi! I would love to book a half-day editorial shoot in Lisbon on 12 June. ' +
      'Could you send the rates and confirm your availability? Thanks, Ana';
    expect(detectPhishing(text)).toEqual({ suspicious: false, matches: [] });
    expect(detectPhishing('')).toEqual({ suspicious: false, matches: [] });
  });
});

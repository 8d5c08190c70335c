import { validatorMessages as m } from '../messages';
import { validateEmail, validateName, validatePhone, validateText } from './validators';

describe('validateEmail', () => {
  it.each(['jane@example.com', 'Jane.Doe+bookings@studio.co.uk', "o'brien@mail.example.org", '  jane@example.com  '])(
    'accepts %p',
    (email) => expect(validateEmail(email)).toEqual({ valid: true }),
  );

  it.each([
    'jane',
    'jane@',
    '@example.com',
    'jane@example',
    'jane@@example.com',
    'ja ne@example.com',
    'jane@exa_mple.com',
    '.jane@example.com',
    'jane..doe@example.com',
    'jane@example.c',
  ])('rejects %p', (email) => expect(validateEmail(email)).toEqual({ valid: false, message: m.emailInvalid }));

  it('asks for an address when empty', () => {
    expect(validateEmail('   ')).toEqual({ valid: false, message: m.emailRequired });
  });

  it('rejects addresses over 254 characters', () => {
    expect(validateEmail(`${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toEqual({
      valid: false,
      message: m.emailTooLong,
    });
  });
});

describe('validatePhone', () => {
  it.each(['+447911123456', '5551234567', '0', ' +15551234567 '])('accepts %p', (phone) => {
    expect(validatePhone(phone)).toEqual({ valid: true });
  });

  it.each(['+', '++1555', '1+555', '555-123-4567', '(555) 1234567', '555 123 4567', 'phone', '١٢٣٤٥٦٧٨٩٠'])(
    'rejects %p',
    (phone) => {
      expect(validatePhone(phone)).toEqual({ valid: false, message: m.phoneInvalid });
    },
  );

  it('asks for a number when empty', () => {
    expect(validatePhone('')).toEqual({ valid: false, message: m.phoneRequired });
  });
});

describe('validateName', () => {
  it.each([
    'Jo',
    'Jane Doe',
    'José Ñúñez',
    "Zoë O'Brien-Smith",
    'Zoë O’Brien', // typographic apostrophe
    '李小龙',
    'Ольга',
    'Αλέξανδρος',
    'محمد علي',
    'Nguyễn Thị Minh Khai',
    'Jose\u0301', // e + combining acute accent
    'a'.repeat(50),
  ])('accepts %p', (name) => {
    expect(validateName(name)).toEqual({ valid: true });
  });

  it.each(['J', 'a'.repeat(51)])('rejects the length of %p', (name) => {
    expect(validateName(name)).toEqual({ valid: false, message: m.nameLength });
  });

  it.each(['Jane2', 'Jane_Doe', 'Jane <b>', 'R2-D2', "--'", 'jane@example.com', 'Jane 😀'])(
    'rejects the characters of %p',
    (name) => {
      expect(validateName(name)).toEqual({ valid: false, message: m.nameCharacters });
    },
  );

  it('asks for a name when empty', () => {
    expect(validateName('  ')).toEqual({ valid: false, message: m.nameRequired });
  });
});

describe('validateText', () => {
  it('accepts 1 to 1000 characters', () => {
    expect(validateText('a')).toEqual({ valid: true });
    expect(validateText('a'.repeat(1000))).toEqual({ valid: true });
    expect(validateText('Line one\nline two')).toEqual({ valid: true });
  });

  it('rejects empty or whitespace-only text', () => {
    expect(validateText('')).toEqual({ valid: false, message: m.textRequired });
    expect(validateText(' \n\t ')).toEqual({ valid: false, message: m.textRequired });
  });

  it('rejects text over the limit with a message naming it', () => {
    expect(validateText('a'.repeat(1001))).toEqual({ valid: false, message: 'Text must be 1000 characters or less.' });
    expect(validateText('abcdef', 5)).toEqual({ valid: false, message: 'Text must be 5 characters or less.' });
  });
});

// One rule in the schema helpers every text field is built from refuses the characters that hide or
// reverse text and ill-formed UTF-16, so the booking form, the admin's notes, the server and every adapter refuse
// them alike.
import { INVISIBLE_CHARACTERS_MESSAGE } from '../refusal-messages';
import {
  availabilityPeriodInputSchema,
  bookingInputSchema,
  CONTROL_CHARACTERS_MESSAGE,
  contactMessageSchema,
  email,
  isPlainVisibleText,
  line,
  signInRequestSchema,
  text,
  timeSlotInputSchema,
  unavailableRangeInputSchema,
} from './index';

const REFUSED: Array<[string, string]> = [
  ['Arabic letter mark', 'a\u061Cb'],
  ['left-to-right mark', 'a\u200Eb'],
  ['right-to-left mark', 'a\u200Fb'],
  ['left-to-right embedding', 'a\u202Ab'],
  ['right-to-left override', 'a\u202Eb'],
  ['pop directional formatting', 'a\u202Cb'],
  ['left-to-right isolate', 'a\u2066b'],
  ['pop directional isolate', 'a\u2069b'],
  ['zero-width space', 'a\u200Bb'],
  ['zero-width non-joiner', 'a\u200Cb'],
  ['zero-width joiner between letters', 'a\u200Db'],
  ['zero-width joiner at the end', 'ab\u200D'],
  ['word joiner', 'a\u2060b'],
  ['invisible separator', 'a\u2063b'],
  ['byte order mark inside', 'a\uFEFFb'],
  ['Mongolian vowel separator', 'a\u180Eb'],
  ['lone high surrogate', 'a\uD83Db'],
  ['lone high surrogate at the end', 'ab\uD83D'],
  ['lone low surrogate', 'a\uDE00b'],
  ['reversed surrogate pair', 'a\uDE00\uD83Db'],
];

const ACCEPTED = [
  'Dana Reyes',
  "Dana O'Neil-Smith",
  'Zoë Ångström',
  'شكرا لك',
  'תודה רבה',
  '日本語のテキスト',
  'Emoji 😀 and a flag 🇺🇸',
  'A family 👨‍👩‍👧 and a coder 👩🏽‍💻',
  'Heart on fire ❤️‍🔥',
];

test.each(REFUSED)('a %s is refused by every text helper with the one message', (_what, value) => {
  expect(isPlainVisibleText(value)).toBe(false);
  for (const schema of [line(100), text(100), line(100, { trim: true }), text(100, { trim: true })]) {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(INVISIBLE_CHARACTERS_MESSAGE);
    expect(result.error?.issues.find((i) => i.message === INVISIBLE_CHARACTERS_MESSAGE)).toMatchObject({
      code: 'custom',
      params: { code: 'invisible-characters' },
    });
  }
});

test.each(ACCEPTED)('ordinary text in any script, with emoji, is accepted: %s', (value) => {
  expect(isPlainVisibleText(value)).toBe(true);
  expect(line(100).safeParse(value).success).toBe(true);
  expect(text(100).safeParse(value).success).toBe(true);
});

test('every text field of every entity goes through the rule', () => {
  const hidden = 'a\u202Eb';
  const booking = {
    name: 'Dana Reyes',
    email: 'dana@example.com',
    phone: '',
    serviceId: 'usergeneratedcontent',
    serviceTierId: 'ugc-single',
    date: '',
    consultationDate: '',
    consultationLocation: '',
    location: '',
    description: 'A video.',
    smsOptIn: false,
  };
  expect(bookingInputSchema.safeParse(booking).success).toBe(true);
  for (const field of ['name', 'serviceId', 'serviceTierId', 'consultationLocation', 'location', 'description']) {
    const result = bookingInputSchema.safeParse({ ...booking, [field]: `Dana${hidden}` });
    expect({ field, messages: result.error?.issues.map((i) => i.message) }).toEqual({
      field,
      messages: expect.arrayContaining([INVISIBLE_CHARACTERS_MESSAGE]),
    });
  }
  expect(email.safeParse(`dana${hidden}@example.com`).success).toBe(false);
  expect(signInRequestSchema.safeParse({ email: `admin\u200B@studio.test` }).success).toBe(false);
  const dates = { startDate: '2030-01-01', endDate: '2030-01-02' };
  expect(availabilityPeriodInputSchema.safeParse({ ...dates, isAvailable: true, notes: hidden }).success).toBe(false);
  expect(unavailableRangeInputSchema.safeParse({ ...dates, reason: hidden }).success).toBe(false);
  expect(
    timeSlotInputSchema.safeParse({
      date: '2030-01-01',
      startTime: '09:00',
      endTime: '10:00',
      isAvailable: true,
      notes: hidden,
    }).success,
  ).toBe(false);
});

// The C1 controls (U+0080-U+009F; NEL, U+0085, breaks a line in some readers) and the line and
// paragraph separators (a line break to JavaScript and to many viewers, unseen in a form) are refused as control
// characters by every text helper, single-line and multi-line alike.
const SEPARATORS_AND_C1: Array<[string, string]> = [
  ['first C1 control (U+0080)', 'a\u0080b'],
  ['next line (U+0085)', 'a\u0085b'],
  ['single shift three (U+008F)', 'a\u008Fb'],
  ['last C1 control (U+009F)', 'a\u009Fb'],
  ['line separator (U+2028)', 'a\u2028b'],
  ['paragraph separator (U+2029)', 'a\u2029b'],
];

test.each(SEPARATORS_AND_C1)('a %s is refused by every text helper as a control character', (_what, value) => {
  for (const schema of [line(100), text(100), line(100, { trim: true }), text(100, { trim: true })]) {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.message === CONTROL_CHARACTERS_MESSAGE)).toMatchObject({
      code: 'custom',
      params: { code: 'control-characters' },
    });
  }
});

test('a name or message with a C1 control or a separator is refused field by field; the neighbours are accepted', () => {
  const message = { name: 'Dana Reyes', email: 'dana@example.com', phone: '', message: 'Hello.' };
  expect(contactMessageSchema.safeParse(message).success).toBe(true);
  for (const [field, value] of [
    ['name', 'Dana\u2028Reyes'],
    ['name', 'Dana\u0085Reyes'],
    ['message', 'Hello\u2029there.'],
    ['message', 'Hello\u009Bthere.'],
  ] as const) {
    const result = contactMessageSchema.safeParse({ ...message, [field]: value });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [field, CONTROL_CHARACTERS_MESSAGE],
    ]);
  }
  // The printable characters on either side of the range: U+00A0 (no-break space), U+00E9, U+2027 and U+202F.
  for (const value of ['Dana\u00A0Reyes', 'Ren\u00E9e', 'Dana\u2027Reyes', 'Dana\u202FReyes']) {
    expect(contactMessageSchema.safeParse({ ...message, name: value }).success).toBe(true);
  }
  // Tab and newline stay allowed in a message.
  expect(contactMessageSchema.safeParse({ ...message, message: 'Line one\n\tLine two' }).success).toBe(true);
});

// The contract form's timeline: whole weeks from CONTRACT_TIMELINE_WEEKS, the bounds the dialog's number
// input shows too.
import { CONTRACT_TIMELINE_WEEKS } from '../domain/constants';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../refusal-messages';
import { contractFormSchema, contractSignatureSchema } from './contract';

const timeline = contractFormSchema.shape.timeline;

test('the timeline is a whole number of weeks from 1 to 199, trimmed', () => {
  expect(CONTRACT_TIMELINE_WEEKS).toEqual({ min: 1, max: 199 });
  for (const ok of ['1', '4', '52', '199', ' 6 ']) expect(timeline.safeParse(ok).success).toBe(true);
  for (const bad of ['0', '200', '01', '1.5', '-4', '', 'four', '1e2']) {
    expect(timeline.safeParse(bad).error?.issues[0]?.message).toBe('Must be a whole number of weeks (1 to 199)');
  }
});

// A signer's name and role print under the signature: a character a renderer may show as nothing (or as a gap) would
// make the name signed differ from the name read, so every default-ignorable code point is refused, as the invisible
// characters of every other field are.
test('a signer name or role with any default-ignorable code point is refused with the invisible-character message', () => {
  const form = { contractId: 'c1', fullName: 'Jordan Lee', consent: 'yes', onBehalf: 'yes', role: 'Assistant' };
  expect(contractSignatureSchema.safeParse(form).success).toBe(true);
  // The soft hyphen, the combining grapheme joiner, a Hangul filler, the zero-width joiner, a variation selector, a tag
  // character, an unassigned default-ignorable (U+2065) and a supplementary variation selector.
  const ignorables = ['\u00AD', '\u034F', '\u3164', '\u200D', '\uFE0F', '\u{E0041}', '\u2065', '\u{E0100}'];
  for (const c of ignorables) {
    for (const field of ['fullName', 'role'] as const) {
      const issues = contractSignatureSchema.safeParse({ ...form, [field]: `Jor${c}dan Lee` }).error?.issues ?? [];
      expect({ c, field, issues: issues.map((i) => [i.path.join('.'), i.message]) }).toEqual({
        c,
        field,
        issues: [[field, INVISIBLE_CHARACTERS_MESSAGE]],
      });
    }
  }
});

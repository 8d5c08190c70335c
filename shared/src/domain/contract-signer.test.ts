import {
  isClientName,
  normalizePersonName,
  samePersonName,
  signedByLine,
  voidReasonOf,
  contractVoidMessage,
} from './contract-signer';

describe('samePersonName: the typed name against the client’s', () => {
  it.each([
    ['José  García', 'jose garcia'],
    ['  jordan   lee ', 'Jordan Lee'],
    ['JORDAN LEE', 'Jordan Lee'],
    ['Jordan\tLee', 'Jordan Lee'],
    ['Jordan Lee.', 'Jordan Lee'],
    ['“Jordan Lee”', 'Jordan Lee'],
    ['Mary-Jane Lee', 'Mary Jane Lee'],
    ['O’Brien', "O'Brien"],
    ['OBrien', "O'Brien"],
    ['Zoë Saldaña', 'Zoe Saldana'],
    // decomposed accents (a Mac keyboard's) against precomposed ones
    ['Jose\u0301 Garci\u0301a', 'José García'],
    ['Søren Kierkegård', 'Soren Kierkegard'],
    ['Æsa Berg', 'Aesa Berg'],
    ['Łukasz Kowalski', 'Lukasz Kowalski'],
    ['Hans Straße', 'HANS STRASSE'],
    ['İlkay Işık', 'ilkay isik'],
    // zero-width space, zero-width joiner, soft hyphen, byte-order mark, a left-to-right mark: pasted from elsewhere
    ['Jor\u200Bdan Lee', 'Jordan Lee'],
    ['Jordan\u200D Lee', 'Jordan Lee'],
    ['Jor\u00ADdan Lee', 'Jordan Lee'],
    ['\uFEFFJordan Lee\u200E', 'Jordan Lee'],
    // compatibility forms: a ligature, full-width letters, a no-break space
    ['Soﬁa Ruiz', 'Sofia Ruiz'],
    ['Ｊｏｒｄａｎ Ｌｅｅ', 'Jordan Lee'],
    ['Jordan\u00A0Lee', 'Jordan Lee'],
  ])('%j is %j', (typed, expected) => {
    expect(samePersonName(typed, expected)).toBe(true);
  });

  it.each([
    ['Mickey Mouse', 'Jordan Lee'],
    ['Jordan', 'Jordan Lee'],
    ['Jordan Lee Smith', 'Jordan Lee'],
    ['Lee Jordan', 'Jordan Lee'],
    ['Jordon Lee', 'Jordan Lee'],
    // a look-alike letter from another script is another letter (Cyrillic а in "Jordаn")
    ['Jord\u0430n Lee', 'Jordan Lee'],
    ['', ''],
    ['...', '...'],
    ['\u200B', ''],
  ])('%j is not %j', (typed, expected) => {
    expect(samePersonName(typed, expected)).toBe(false);
  });

  it('reduces a name to lower-case words separated by one space', () => {
    expect(normalizePersonName('  Dr.  José-María   O’Neil-García, Jr. ')).toBe('dr jose maria oneil garcia jr');
  });
});

describe('isClientName', () => {
  it('accepts the booking’s name or the client the contract names, nothing else', () => {
    const names = ['Jordan Lee', 'Jordan A. Lee'];
    expect(isClientName('jordan lee', names)).toBe(true);
    expect(isClientName('Jordan A Lee', names)).toBe(true);
    expect(isClientName('Mickey Mouse', names)).toBe(false);
    expect(isClientName('Jordan Lee', [])).toBe(false);
  });
});

describe('void contracts', () => {
  it('are those of a Cancelled or Declined booking, and say why', () => {
    expect(voidReasonOf('Cancelled')).toBe('cancelled');
    expect(voidReasonOf('Declined')).toBe('declined');
    for (const open of ['New', 'Contacted', 'Confirmed', null, undefined] as const)
      expect(voidReasonOf(open)).toBeNull();
    expect(contractVoidMessage('cancelled')).toBe('This contract is void because the booking was cancelled.');
  });
});

describe('signedByLine', () => {
  it('names the client, or the signer, their role and the client they sign for', () => {
    expect(signedByLine({ name: 'Jordan Lee', role: null, onBehalfOf: null })).toBe('Signed by Jordan Lee');
    expect(signedByLine({ name: 'Sam Park', role: 'Assistant', onBehalfOf: 'Jordan Lee' })).toBe(
      'Signed by Sam Park, Assistant, on behalf of Jordan Lee',
    );
  });
});

import fullIndex from 'disposable-email-domains/index.json';
import wildcardDomains from 'disposable-email-domains/wildcard.json';
import { warningMessages as m } from '../messages';
import {
  COMMON_DISPOSABLE_DOMAINS,
  domainAndParents,
  isDisposableDomain,
  isDisposableEmail,
} from './disposable-domains';
import { getEmailWarnings, getInputWarnings, getNameWarnings, getPhoneWarnings, isAdminLikeEmail } from './warnings';

describe('admin-like e-mail warning', () => {
  it.each([
    'admin@example.com',
    'ROOT@example.com',
    'administrator@x.io',
    'webmaster@x.io',
    'postmaster@x.io',
    'hostmaster@x.io',
    'admin+tag@example.com',
  ])('warns for %p', (email) => {
    expect(isAdminLikeEmail(email)).toBe(true);
    expect(getEmailWarnings(email)).toEqual([{ field: 'email', code: 'admin-email', message: m.adminEmail }]);
  });

  it.each(['badminton@example.com', 'rootbeer@example.com', 'jane.admin@example.com', 'admin', 'jane@admin.com'])(
    'does not warn for %p',
    (email) => {
      expect(isAdminLikeEmail(email)).toBe(false);
    },
  );
});

describe('disposable e-mail warning (browser list)', () => {
  it.each([
    'jane@mailinator.com',
    'jane@yopmail.com',
    'jane@33mail.com',
    'jane@alias.33mail.com',
    'jane@a.b.33mail.com',
    'Jane@MAILINATOR.COM.',
  ])('warns for the wildcard list, domain or parent: %p', (email) => {
    expect(getEmailWarnings(email)).toEqual([{ field: 'email', code: 'disposable-email', message: m.disposableEmail }]);
  });

  it.each(['jane@guerrillamail.com', 'jane@10minutemail.com', 'jane@temp-mail.org'])(
    'warns for the common providers: %p',
    (email) => {
      expect(isDisposableEmail(email)).toBe(true);
    },
  );

  it.each(['jane@gmail.com', 'jane@example.com', 'jane@com', 'jane', 'jane@mailinator.com.example.org'])(
    'does not warn for %p',
    (email) => {
      expect(isDisposableEmail(email)).toBe(false);
    },
  );

  it('never matches a bare top-level domain', () => {
    expect(domainAndParents('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(isDisposableDomain('com')).toBe(false);
  });

  it('adds only domains the maintained full list also contains, and none the wildcard list has', () => {
    const full = new Set(fullIndex);
    const wildcard = new Set(wildcardDomains);
    expect(COMMON_DISPOSABLE_DOMAINS.filter((d) => !full.has(d))).toEqual([]);
    expect(COMMON_DISPOSABLE_DOMAINS.filter((d) => wildcard.has(d))).toEqual([]);
  });

  it('gives both warnings for a role address at a disposable domain', () => {
    expect(getEmailWarnings('admin@mailinator.com').map((w) => w.code)).toEqual(['admin-email', 'disposable-email']);
  });
});

describe('phone length warning', () => {
  it.each(['123456789', '+123456789', '12345678901234567'])('warns for %p (digits outside 10-16)', (phone) => {
    expect(getPhoneWarnings(phone)).toEqual([{ field: 'phone', code: 'phone-length', message: m.phoneLength }]);
  });

  it.each(['1234567890', '+1234567890123456', '', '+'])('does not warn for %p', (phone) => {
    expect(getPhoneWarnings(phone)).toEqual([]);
  });
});

describe('name length warning', () => {
  it('warns above 50 characters only', () => {
    expect(getNameWarnings('a'.repeat(51))).toEqual([{ field: 'name', code: 'name-length', message: m.nameLength }]);
    expect(getNameWarnings('a'.repeat(50))).toEqual([]);
    expect(getNameWarnings(` ${'a'.repeat(50)} `)).toEqual([]);
  });
});

describe('getInputWarnings', () => {
  it('collects the warnings of every field given', () => {
    const warnings = getInputWarnings({ email: 'root@yopmail.com', phone: '123', name: 'x'.repeat(60) });
    expect(warnings.map((w) => w.code)).toEqual(['admin-email', 'disposable-email', 'phone-length', 'name-length']);
  });

  it('is empty for ordinary input and for missing fields', () => {
    expect(getInputWarnings({ email: 'jane@example.com', phone: '+447911123456', name: 'Jane Doe' })).toEqual([]);
    expect(getInputWarnings({})).toEqual([]);
  });
});

import * as publicApi from './index';
import { isDisposableDomainFull, isDisposableEmailFull } from './disposable-full';

describe('isDisposableDomainFull (server)', () => {
  it('finds exact entries of index.json that the browser list lacks', () => {
    expect(isDisposableDomainFull('0-mail.com')).toBe(true);
    expect(isDisposableDomainFull('Guerrillamail.Info')).toBe(true);
  });

  it('finds wildcard entries and their subdomains', () => {
    expect(isDisposableDomainFull('33mail.com')).toBe(true);
    expect(isDisposableDomainFull('someone.33mail.com')).toBe(true);
  });

  it('accepts ordinary domains', () => {
    expect(isDisposableDomainFull('gmail.com')).toBe(false);
    expect(isDisposableDomainFull('example.com')).toBe(false);
    expect(isDisposableDomainFull('')).toBe(false);
  });

  it('checks the domain of an address', () => {
    expect(isDisposableEmailFull('jane@0-mail.com')).toBe(true);
    expect(isDisposableEmailFull('jane@example.com')).toBe(false);
    expect(isDisposableEmailFull('not-an-address')).toBe(false);
  });

  it('is not part of the browser entry', () => {
    expect(Object.keys(publicApi)).not.toContain('isDisposableDomainFull');
  });
});

import { clientAddress } from './client-address';

describe("clientAddress: the address Google's front end appended, not one the caller wrote", () => {
  const socket = { remoteAddress: '169.254.8.1' };

  it('takes the only X-Forwarded-For entry: the front end wrote it', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': '203.0.113.9' }, socket })).toBe('203.0.113.9');
  });

  it('takes the rightmost entry when the caller sent X-Forwarded-For of its own', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': '198.51.100.1, 10.0.0.1,203.0.113.9' }, socket })).toBe(
      '203.0.113.9',
    );
  });

  it('passes over empty entries and spaces a caller may send', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': ' , 198.51.100.1,, 203.0.113.9 ' }, socket })).toBe(
      '203.0.113.9',
    );
  });

  it('reads a header given twice as one list, in order', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': ['198.51.100.1', '203.0.113.9'] }, socket })).toBe(
      '203.0.113.9',
    );
  });

  it('takes the socket address when there is no X-Forwarded-For (no proxy in front)', () => {
    expect(clientAddress({ headers: {}, socket })).toBe('169.254.8.1');
    expect(clientAddress({ headers: { 'x-forwarded-for': ' , ' }, socket })).toBe('169.254.8.1');
  });

  it("answers 'unknown' when neither says anything, so such calls share one limit", () => {
    expect(clientAddress({ headers: {} })).toBe('unknown');
    expect(clientAddress({ headers: {}, socket: {} })).toBe('unknown');
  });
});

import { canonicalJson } from './request-fingerprint';

describe('canonicalJson: the request a key stands for', () => {
  it('is the same text whatever order the keys came in, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('differs when any value differs, and keeps arrays in their order', () => {
    expect(canonicalJson({ name: 'Jane' })).not.toBe(canonicalJson({ name: 'Jan' }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ smsOptIn: false })).not.toBe(canonicalJson({ smsOptIn: 'false' }));
  });
});

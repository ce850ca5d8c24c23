import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSignature, parseTimestamp, verifySignature } from './signature.ts';

const now = 1_800_000_000;
const base = { appKey: 'drawhouse-web', secret: 's3cret', customerToken: '', nowSeconds: now };

describe('request signature', () => {
  it('is the hex SHA-256 of app key, timestamp, secret and customer token in that order', () => {
    const expected = createHash('sha256').update('drawhouse-web1800000000s3crettok').digest('hex');
    expect(computeSignature('drawhouse-web', '1800000000', 's3cret', 'tok')).toBe(expected);
  });

  it('verifies a fresh signature and refuses a changed one', () => {
    const signature = computeSignature('drawhouse-web', String(now), 's3cret', '');
    expect(verifySignature({ ...base, timestamp: String(now), signature })).toBe(true);
    expect(verifySignature({ ...base, timestamp: String(now), signature: signature.toUpperCase() })).toBe(
      true,
    );
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(verifySignature({ ...base, timestamp: String(now), signature: flipped })).toBe(false);
    expect(verifySignature({ ...base, timestamp: String(now), signature, customerToken: 'x' })).toBe(false);
  });

  it('accepts timestamps up to 5 minutes either side, and no further', () => {
    for (const [offset, valid] of [
      [-300, true],
      [300, true],
      [-301, false],
      [301, false],
    ] as const) {
      const ts = String(now + offset);
      const signature = computeSignature('drawhouse-web', ts, 's3cret', '');
      expect(verifySignature({ ...base, timestamp: ts, signature }), String(offset)).toBe(valid);
    }
  });

  it('refuses a missing secret, timestamp or signature', () => {
    const signature = computeSignature('drawhouse-web', String(now), 's3cret', '');
    expect(verifySignature({ ...base, secret: undefined, timestamp: String(now), signature })).toBe(false);
    expect(verifySignature({ ...base, timestamp: undefined, signature })).toBe(false);
    expect(verifySignature({ ...base, timestamp: String(now), signature: undefined })).toBe(false);
  });

  it('reads timestamps in seconds or milliseconds, and nothing else', () => {
    expect(parseTimestamp('1800000000')).toBe(1_800_000_000);
    expect(parseTimestamp('1800000000123')).toBe(1_800_000_000);
    expect(parseTimestamp('18e8')).toBeUndefined();
    expect(parseTimestamp('-5')).toBeUndefined();
    expect(parseTimestamp('')).toBeUndefined();
  });
});

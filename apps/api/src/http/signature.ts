import { createHash, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

/** hex SHA-256 of app key, timestamp, app secret and customer token, in that order. */
export function computeSignature(
  appKey: string,
  timestamp: string,
  secret: string,
  customerToken: string,
): string {
  return createHash('sha256').update(`${appKey}${timestamp}${secret}${customerToken}`).digest('hex');
}

/** Seconds since the epoch; a value in milliseconds is accepted too. */
export function parseTimestamp(raw: string): number | undefined {
  if (!/^\d{1,16}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 1e12 ? Math.floor(n / 1000) : n;
}

export function verifySignature(input: {
  appKey: string;
  timestamp: string | undefined;
  signature: string | undefined;
  secret: string | undefined;
  customerToken: string;
  nowSeconds: number;
}): boolean {
  const { appKey, timestamp, signature, secret, customerToken, nowSeconds } = input;
  if (!timestamp || !signature || !secret) return false;
  const ts = parseTimestamp(timestamp);
  if (ts === undefined || Math.abs(nowSeconds - ts) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(computeSignature(appKey, timestamp, secret, customerToken), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

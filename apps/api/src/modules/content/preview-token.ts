/**
 * Preview tokens: `{payload}.{signature}`, the payload base64url JSON of what is previewed, who asked
 * and when it expires, the signature an HMAC-SHA256 of the payload under a key derived from the API's
 * secret. Stateless: the API checks a token without a database row, and it simply stops working when
 * it expires (PREVIEW_TTL_MS).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type PreviewKind, PreviewKindSchema } from '@drawhouse/contract';
import { z } from 'zod';

export const PREVIEW_TTL_MS = 30 * 60 * 1000;

const PayloadSchema = z.object({
  kind: PreviewKindSchema,
  id: z.string(),
  operator: z.string(),
  exp: z.number(),
});
export type PreviewClaim = z.infer<typeof PayloadSchema>;

const keyOf = (secret: string) => createHmac('sha256', secret).update('drawhouse content preview').digest();
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function signPreview(
  secret: string,
  claim: { kind: PreviewKind; id: string; operator: string },
  now: Date,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  const payload = Buffer.from(JSON.stringify({ ...claim, exp: expiresAt.getTime() })).toString('base64url');
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt };
}

/** The claim of a token signed with `secret` and not expired at `now`; undefined otherwise. */
export function verifyPreview(secret: string, token: string, now: Date): PreviewClaim | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const claim = PayloadSchema.safeParse(json);
  if (!claim.success || claim.data.exp <= now.getTime()) return undefined;
  return claim.data;
}

/**
 * Token and secret handling of the accounts module: access tokens (JWT, HS256: signed with jose,
 * verified with Node's HMAC), opaque
 * refresh and link tokens kept as SHA-256 hashes, one-time codes kept as HMACs, authenticator secrets
 * encrypted at rest (AES-256-GCM). Every key is derived from the one JWT_SECRET with HKDF, one per use.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { OTP_LENGTH } from '@drawhouse/domain';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'drawhouse';
const AUDIENCE = 'drawhouse-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccessClaims = {
  customerId: string;
  sessionId: string;
  /** Unix seconds of the last step-up, when there was one. */
  elevatedAt?: number;
};

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random URL-safe token of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A random numeric code of OTP_LENGTH digits (leading zeros kept). */
export function randomCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Refresh tokens are `<family id>.<random>`: the family is readable, the token only by its hash. */
export function newRefreshToken(familyId: string): string {
  return `${familyId}.${randomToken()}`;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function jsonObject(part: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The payload of a compact HS256 JWT signed with `key`, issued by us for us and live at `nowSeconds`. */
function verifiedPayload(
  token: string,
  key: Uint8Array,
  nowSeconds: number,
): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head = '', body = '', signature = ''] = parts;
  const header = jsonObject(head);
  if (header?.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) {
    return undefined;
  }
  if (!BASE64URL.test(signature)) return undefined;
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = jsonObject(body);
  if (!payload || payload.iss !== ISSUER) return undefined;
  const aud = payload.aud;
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return undefined;
  const { exp, nbf, iat } = payload;
  if (typeof exp !== 'number' || exp <= nowSeconds) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return undefined;
  if (iat !== undefined && typeof iat !== 'number') return undefined;
  return payload;
}

export type TokenKit = ReturnType<typeof createTokenKit>;

export function createTokenKit(secret: string) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'drawhouse-accounts', info, 32));
  const jwtKey = new Uint8Array(derive('access-token'));
  const codeKey = derive('one-time-code');
  const linkKey = derive('unsubscribe-link');
  const secretKey = derive('two-factor-secret');

  return {
    async signAccess(claims: AccessClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        sid: claims.sessionId,
        typ: 'access',
        ...(claims.elevatedAt !== undefined ? { elv: claims.elevatedAt } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.customerId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(jwtKey);
    },

    /**
     * The claims of a valid, unexpired access token; undefined for anything else. Checked as jose's
     * `jwtVerify` checks an HS256 token (the header's algorithm, no critical extensions, the
     * signature, issuer, audience, expiry and not-before; an expiry is required too), with Node's
     * HMAC: every signed-in request verifies one, and WebCrypto's asynchronous jobs cost more than
     * the check.
     */
    async verifyAccess(token: string, now: Date): Promise<AccessClaims | undefined> {
      const payload = verifiedPayload(token, jwtKey, Math.floor(now.getTime() / 1000));
      if (!payload) return undefined;
      const { sub, sid, typ, elv } = payload;
      if (typ !== 'access' || typeof sub !== 'string' || typeof sid !== 'string') return undefined;
      if (!isUuid(sub) || !isUuid(sid)) return undefined;
      return { customerId: sub, sessionId: sid, ...(typeof elv === 'number' ? { elevatedAt: elv } : {}) };
    },

    /** A one-time code as stored: an HMAC bound to its customer, so equal codes never collide. */
    codeHash(customerId: string, code: string): string {
      return createHmac('sha256', codeKey).update(`${customerId}:${code}`).digest('hex');
    },

    /**
     * The unsubscribe link token of a customer for one topic (the path's offer key, or "marketing"):
     * stateless, it names its expiry and only that customer, topic and expiry verify it.
     */
    unsubscribeToken(customerId: string, topic: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const mac = createHmac('sha256', linkKey)
        .update(`${customerId}\n${topic}\n${expires}`)
        .digest('base64url');
      return `${expires}.${mac}`;
    },

    isUnsubscribeToken(customerId: string, topic: string, token: string, now: Date): boolean {
      const [expires, mac] = token.split('.');
      if (!expires || !mac || !/^\d{1,12}$/.test(expires)) return false;
      const expiresAt = new Date(Number(expires) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return false;
      return safeEqual(this.unsubscribeToken(customerId, topic, expiresAt), token);
    },

    encryptSecret(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },

    decryptSecret(stored: string): string {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('unreadable two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

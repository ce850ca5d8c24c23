/**
 * Sealed cookie values: JSON encrypted and authenticated with AES-256-GCM, so the browser can
 * neither read nor change them. The key is derived from SESSION_SECRET: a development default
 * outside production; in production without one, a random secret per process (sessions then end
 * when the server restarts), with a warning.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DEV_SESSION_SECRET = 'dev-session-secret-change-me';

function keyFromSecret(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`drawhouse:${purpose}:${secret}`).digest();
}

export function sessionSecretFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.SESSION_SECRET;
  if (secret && secret.length >= 16) return secret;
  if (env.NODE_ENV === 'production') {
    console.warn('SESSION_SECRET is not set (16 characters or more): sessions end when the server restarts.');
    return randomBytes(32).toString('hex');
  }
  return DEV_SESSION_SECRET;
}

export type Sealer = {
  seal(value: unknown): string;
  /** The value, or undefined when the text was not sealed with this key for this purpose. */
  unseal<T = unknown>(text: string | undefined): T | undefined;
};

/** A sealer for one purpose ("session", "pending"...): a value sealed for one is refused by another. */
export function createSealer(secret: string, purpose: string): Sealer {
  const key = keyFromSecret(secret, purpose);
  const aad = Buffer.from(purpose);
  return {
    seal(value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}.${Buffer.concat([iv, body, tag]).toString('base64url')}`;
    },
    unseal<T>(text: string | undefined) {
      if (!text?.startsWith(`${VERSION}.`) || text.length > 8192) return undefined;
      const raw = Buffer.from(text.slice(VERSION.length + 1), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES + 1) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(aad);
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return JSON.parse(plain.toString('utf8')) as T;
      } catch {
        return undefined;
      }
    },
  };
}

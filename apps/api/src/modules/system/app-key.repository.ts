import { and, appKeys, type Database, eq } from '@drawhouse/db';

const TTL_MS = 60_000;

/** App secrets, read from the database and kept a minute: every signed request needs one. */
export function createAppKeyRepository(db: Database) {
  const cache = new Map<string, { secret: string | undefined; expires: number }>();
  return {
    async secretFor(key: string): Promise<string | undefined> {
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.secret;
      const rows = await db
        .select({ secret: appKeys.secret })
        .from(appKeys)
        .where(and(eq(appKeys.key, key), eq(appKeys.active, true)))
        .limit(1);
      const secret = rows[0]?.secret;
      if (cache.size > 1000) cache.clear();
      cache.set(key, { secret, expires: Date.now() + TTL_MS });
      return secret;
    },
    /** Every active key with its secret: a production start checks them. */
    async activeSecrets(): Promise<{ key: string; secret: string }[]> {
      return db
        .select({ key: appKeys.key, secret: appKeys.secret })
        .from(appKeys)
        .where(eq(appKeys.active, true));
    },
  };
}

import type { DbHandle } from '@drawhouse/db';
import type { ApiConfig } from './config.ts';
import type { AppDeps } from './http/types.ts';
import { createAppKeyRepository } from './modules/system/app-key.repository.ts';

/** Wires the real database into what buildApp needs. */
export function createAppDeps(connection: DbHandle, config: ApiConfig): AppDeps {
  const appKeys = createAppKeyRepository(connection.db);
  return {
    db: connection.db,
    config,
    appSecret: appKeys.secretFor,
    ping: async () => {
      try {
        await connection.pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}

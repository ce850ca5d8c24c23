/**
 * The database an operator command works on: DATABASE_URL when set; otherwise the shop's embedded
 * development database (`npm start`): reached on EMBEDDED_PG_PORT (54329) while the shop runs, or
 * started from DATA_DIR (`.data`) for the command's length when it does not.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Database } from '@drawhouse/db';
import { startEmbeddedPostgres } from '@drawhouse/db/embedded';
import { portInUse, root } from '../../../../scripts/lib.mjs';
import { OperatorError } from './command.ts';

export async function openOperatorDatabase(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ db: Database; close: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const handle = createDb(env.DATABASE_URL, { max: 2 });
    return { db: handle.db, close: handle.close };
  }
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  if (await portInUse(port)) {
    const handle = createDb(`postgres://drawhouse:drawhouse@127.0.0.1:${port}/drawhouse`, { max: 2 });
    return { db: handle.db, close: handle.close };
  }
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
  if (!existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new OperatorError(`no database: set DATABASE_URL, or run npm start once to make ${dataDir}`);
  }
  const database = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  const handle = createDb(database.url, { max: 2 });
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await database.stop();
    },
  };
}

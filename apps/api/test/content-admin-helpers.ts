/** The content admin tests' edits run in a transaction rolled back at the end, so other tests keep the demo's content. */
import type { Database, DbOrTx } from '@drawhouse/db';
import { expect } from 'vitest';
import type { Actor } from '../src/modules/operators/index.ts';

class RolledBack extends Error {}

/** Runs `work` in a transaction that is rolled back, whatever it did. */
export async function rolledBack(db: Database, work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  await expect(
    db.transaction(async (tx) => {
      await work(tx);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
}

/** The back office actor of a content operator. */
export function contentActor(operator: { id: string; name: string }): Actor {
  return { operator: { id: operator.id, name: operator.name, roles: ['content'] }, via: 'back_office' };
}

/**
 * A follow-up that locks a customer's row (the welcome mail, a verification attempt) holds off
 * changes of the row, not the rows that refer to the customer: money posted for them (a refund, a
 * purchase) goes on at once. Were it a full `for update`, a follow-up locking two customers and a
 * refund writing for both in the other order would deadlock.
 */
import { sql } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountsQueries } from '../src/modules/accounts/accounts.repository.ts';
import { newCustomer } from './accounts-helpers.ts';
import { balancesOf, fundWallet } from './checkout-helpers.ts';
import { getTestApp } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;

describe("a customer's row locked by a follow-up", () => {
  it('lets money be posted for the customer meanwhile, and still holds off a change of the row', async () => {
    const c = await newCustomer(app);
    await db.transaction(async (holding) => {
      expect((await accountsQueries(holding).lockedCustomer(c.id))?.id).toBe(c.id);
      // Another transaction, which would wait for the lock: it gives up after a second instead.
      await db.transaction(async (other) => {
        await other.execute(sql`set local lock_timeout = '1s'`);
        await fundWallet(other, c.id, 500);
      });
      const change = db.transaction(async (other) => {
        await other.execute(sql`set local lock_timeout = '1s'`);
        await other.execute(sql`update customers set firstname = 'Changed' where id = ${c.id}`);
      });
      await expect(change).rejects.toThrow();
    });
    expect((await balancesOf(db, c.id)).wallet).toBe(500);
  });
});

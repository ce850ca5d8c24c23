import { randomUUID } from 'node:crypto';
import { eq, ledgerAccounts, ledgerTransfers, sql } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { accountBalance, InsufficientBalanceError, ledgerQueries } from '../src/modules/ledger/index.ts';
import { insertCustomer } from './customer-rows.ts';
import { getTestDb } from './helpers.ts';

const { db } = getTestDb();

const newCustomerId = () => insertCustomer(db);

async function deposit(customerId: string, cents: number, id = randomUUID()) {
  return db.transaction(async (tx) => {
    const ledger = ledgerQueries(tx);
    const { wallet } = await ledger.lockCustomer(customerId);
    return ledger.post([
      {
        id,
        debitAccountId: await ledger.houseAccount('gateway_clearing', 'sandbox'),
        creditAccountId: wallet.id,
        amountCents: cents,
        code: 'deposit',
        customerId,
      },
    ]);
  });
}

async function wallet(customerId: string) {
  const { wallet } = await ledgerQueries(db).customerAccounts(customerId);
  return accountBalance(wallet);
}

describe('ledger', () => {
  it('keeps a wallet total per transfer and moves money once per transfer id', async () => {
    const customerId = await newCustomerId();
    const id = randomUUID();
    expect(await deposit(customerId, 2500, id)).toEqual([id]);
    expect(await deposit(customerId, 2500, id)).toEqual([]);
    expect(await wallet(customerId)).toEqual({ postedCents: 2500, availableCents: 2500 });
  });

  it('refuses a spend past the balance, in the database', async () => {
    const customerId = await newCustomerId();
    await deposit(customerId, 1000);
    const spend = db.transaction(async (tx) => {
      const ledger = ledgerQueries(tx);
      const { wallet } = await ledger.lockCustomer(customerId);
      await ledger.post([
        {
          id: randomUUID(),
          debitAccountId: wallet.id,
          creditAccountId: await ledger.houseAccount('sales', 'lottery_ticket'),
          amountCents: 1001,
          code: 'purchase',
          customerId,
        },
      ]);
    });
    await expect(spend).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await wallet(customerId)).toEqual({ postedCents: 1000, availableCents: 1000 });
  });

  it('holds money as pending and settles a hold exactly once', async () => {
    const customerId = await newCustomerId();
    await deposit(customerId, 3000);
    const holdId = randomUUID();
    await db.transaction(async (tx) => {
      const ledger = ledgerQueries(tx);
      const { wallet } = await ledger.lockCustomer(customerId);
      await ledger.hold({
        id: holdId,
        debitAccountId: wallet.id,
        creditAccountId: await ledger.houseAccount('withdrawals'),
        amountCents: 1200,
        code: 'withdrawal',
        customerId,
      });
    });
    expect(await wallet(customerId)).toEqual({ postedCents: 3000, availableCents: 1800 });
    expect(await ledgerQueries(db).settle(holdId, 'void')).toBe(true);
    expect(await ledgerQueries(db).settle(holdId, 'post')).toBe(false);
    expect(await wallet(customerId)).toEqual({ postedCents: 3000, availableCents: 3000 });
  });

  it('never lets transfers change or account totals move by hand', async () => {
    const customerId = await newCustomerId();
    const [id] = await deposit(customerId, 100);
    await expect(
      db
        .update(ledgerTransfers)
        .set({ amountCents: 1 })
        .where(eq(ledgerTransfers.id, id as string)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerTransfers).where(eq(ledgerTransfers.id, id as string))).rejects.toThrow();
    await expect(
      db
        .update(ledgerAccounts)
        .set({ creditsPosted: sql`${ledgerAccounts.creditsPosted} + 100` })
        .where(eq(ledgerAccounts.customerId, customerId)),
    ).rejects.toThrow();
    expect(await wallet(customerId)).toEqual({ postedCents: 100, availableCents: 100 });
  });

  it('sums a house account from its transfers (no shared row is updated)', async () => {
    const customerId = await newCustomerId();
    await deposit(customerId, 700);
    const ledger = ledgerQueries(db);
    const sales = await ledger.houseAccount('sales', 'raffle_ticket');
    const before = await ledger.houseBalance(sales);
    await db.transaction(async (tx) => {
      const l = ledgerQueries(tx);
      const { wallet } = await l.lockCustomer(customerId);
      await l.post([
        {
          id: randomUUID(),
          debitAccountId: wallet.id,
          creditAccountId: sales,
          amountCents: 300,
          code: 'purchase',
          customerId,
        },
      ]);
    });
    expect(await ledger.houseBalance(sales)).toBe(before + 300);
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, sales));
    expect(row?.creditsPosted).toBe(0);
  });
});

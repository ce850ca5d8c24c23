/**
 * The ledger under random sequences of deposits, purchases (promotional credit first), refunds,
 * prizes, promotional credit and withdrawals (held, then paid or rejected), run through
 * `ledgerQueries` against the real database: no customer account ever goes below zero, every
 * refused spend is one the balance could not pay, each account's totals are the sums of its
 * transfers, and the customers' balances are what a simple model of the same steps says.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, ledgerAccounts, ledgerTransfers, sql } from '@drawhouse/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountBalance,
  type CustomerAccountKind,
  InsufficientBalanceError,
  ledgerQueries,
} from '../src/modules/ledger/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

type Step =
  | { kind: 'deposit' | 'prize' | 'promo_credit'; who: number; cents: number }
  | { kind: 'purchase'; who: number; cents: number; usePromo: boolean }
  | { kind: 'refund'; who: number; cents: number }
  | { kind: 'withdraw'; who: number; cents: number }
  | { kind: 'settle'; pick: number; action: 'post' | 'void' };

const CUSTOMERS = 3;
const cents = fc.integer({ min: 1, max: 20_000 });
const who = fc.nat(CUSTOMERS - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('deposit', 'prize', 'promo_credit'), who, cents }),
  fc.record({ kind: fc.constant('purchase'), who, cents, usePromo: fc.boolean() }),
  fc.record({ kind: fc.constant('refund'), who, cents }),
  fc.record({ kind: fc.constant('withdraw'), who, cents }),
  fc.record({ kind: fc.constant('settle'), pick: fc.nat(), action: fc.constantFrom('post', 'void') }),
);

type Model = { wallet: number; held: number; promo: number; spent: number };

/** Each account's totals as its transfers add up (the trigger's rules, recomputed). */
async function totalsFromTransfers(accountIds: number[]) {
  const rows = await db.execute<{
    id: string;
    debits_posted: string;
    debits_pending: string;
    credits_posted: string;
    credits_pending: string;
  }>(sql`
    select a.id,
      coalesce(sum(t.amount_cents) filter (where t.debit_account_id = a.id and t.flag in ('posted', 'post_pending')), 0) as debits_posted,
      coalesce(sum(case when t.flag = 'pending' then t.amount_cents when t.flag in ('post_pending', 'void_pending') then -t.amount_cents end) filter (where t.debit_account_id = a.id), 0) as debits_pending,
      coalesce(sum(t.amount_cents) filter (where t.credit_account_id = a.id and t.flag in ('posted', 'post_pending')), 0) as credits_posted,
      coalesce(sum(case when t.flag = 'pending' then t.amount_cents when t.flag in ('post_pending', 'void_pending') then -t.amount_cents end) filter (where t.credit_account_id = a.id), 0) as credits_pending
    from ledger_accounts a
    left join ledger_transfers t on t.debit_account_id = a.id or t.credit_account_id = a.id
    where a.id in (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by a.id`);
  return new Map(
    rows.rows.map((r) => [
      Number(r.id),
      {
        debitsPosted: Number(r.debits_posted),
        debitsPending: Number(r.debits_pending),
        creditsPosted: Number(r.credits_posted),
        creditsPending: Number(r.credits_pending),
      },
    ]),
  );
}

async function run(steps: Step[]): Promise<void> {
  const people = await Promise.all(Array.from({ length: CUSTOMERS }, () => newCustomer(app)));
  const ids = people.map((p) => p.id);
  const model: Model[] = ids.map(() => ({ wallet: 0, held: 0, promo: 0, spent: 0 }));
  const holds: { id: string; who: number; cents: number; settled: boolean }[] = [];
  const house = await db.transaction(async (tx) => {
    const ledger = ledgerQueries(tx);
    return {
      clearing: await ledger.houseAccount('gateway_clearing', 'sandbox'),
      sales: await ledger.houseAccount('sales', 'lottery_ticket'),
      prizes: await ledger.houseAccount('prize_liability'),
      promotions: await ledger.houseAccount('promotions'),
      withdrawals: await ledger.houseAccount('withdrawals'),
    };
  });

  for (const s of steps) {
    const customerId = s.kind === 'settle' ? undefined : ids[s.who];
    const m = s.kind === 'settle' ? undefined : model[s.who];
    await db.transaction(async (tx) => {
      const ledger = ledgerQueries(tx);
      const base = { id: randomUUID(), customerId: customerId ?? null };
      if (s.kind === 'settle') {
        const open = holds.filter((h) => !h.settled);
        const hold = open[s.pick % Math.max(open.length, 1)];
        if (!hold) return;
        expect(await ledger.settle(hold.id, s.action)).toBe(true);
        expect(await ledger.settle(hold.id, s.action === 'post' ? 'void' : 'post')).toBe(false);
        hold.settled = true;
        const owner = model[hold.who] as Model;
        owner.held -= hold.cents;
        if (s.action === 'void') owner.wallet += hold.cents;
        return;
      }
      if (!customerId || !m) return;
      const accounts = await ledger.lockCustomer(customerId);
      const to = (kind: CustomerAccountKind) => accounts[kind].id;
      switch (s.kind) {
        case 'deposit':
        case 'prize':
          await ledger.post([
            {
              ...base,
              debitAccountId: s.kind === 'deposit' ? house.clearing : house.prizes,
              creditAccountId: to('wallet'),
              amountCents: s.cents,
              code: s.kind,
            },
          ]);
          m.wallet += s.cents;
          return;
        case 'promo_credit':
          await ledger.post([
            {
              ...base,
              debitAccountId: house.promotions,
              creditAccountId: to('promo'),
              amountCents: s.cents,
              code: 'promo_credit',
            },
          ]);
          m.promo += s.cents;
          return;
        case 'refund': {
          const amount = Math.min(s.cents, m.spent);
          if (amount === 0) return;
          await ledger.post([
            {
              ...base,
              debitAccountId: house.sales,
              creditAccountId: to('wallet'),
              amountCents: amount,
              code: 'refund',
            },
          ]);
          m.spent -= amount;
          m.wallet += amount;
          return;
        }
        case 'purchase': {
          const promo = s.usePromo ? Math.min(accountBalance(accounts.promo).availableCents, s.cents) : 0;
          const transfers = [
            { from: to('promo'), cents: promo },
            { from: to('wallet'), cents: s.cents - promo },
          ]
            .filter((t) => t.cents > 0)
            .map((t) => ({
              id: randomUUID(),
              customerId,
              debitAccountId: t.from,
              creditAccountId: house.sales,
              amountCents: t.cents,
              code: 'purchase' as const,
            }));
          const affordable = s.cents - promo <= m.wallet;
          try {
            await tx.transaction(async (inner) => {
              await ledgerQueries(inner).post(transfers);
            });
          } catch (error) {
            if (!(error instanceof InsufficientBalanceError)) throw error;
            expect(affordable, 'a purchase the balance could pay was refused').toBe(false);
            return;
          }
          expect(affordable, 'a purchase the balance could not pay went through').toBe(true);
          m.promo -= promo;
          m.wallet -= s.cents - promo;
          m.spent += s.cents;
          return;
        }
        case 'withdraw': {
          const hold = {
            ...base,
            debitAccountId: to('wallet'),
            creditAccountId: house.withdrawals,
            amountCents: s.cents,
            code: 'withdrawal' as const,
          };
          try {
            await tx.transaction(async (inner) => {
              await ledgerQueries(inner).hold(hold);
            });
          } catch (error) {
            if (!(error instanceof InsufficientBalanceError)) throw error;
            expect(s.cents > m.wallet).toBe(true);
            return;
          }
          expect(s.cents <= m.wallet).toBe(true);
          holds.push({ id: hold.id, who: s.who, cents: s.cents, settled: false });
          m.wallet -= s.cents;
          m.held += s.cents;
          return;
        }
      }
    });
  }

  const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.customerId, ids));
  const derived = await totalsFromTransfers(rows.map((r) => r.id));
  for (const row of rows) {
    const balance = accountBalance(row);
    expect(balance.availableCents).toBeGreaterThanOrEqual(0);
    expect(derived.get(row.id)).toEqual({
      debitsPosted: row.debitsPosted,
      debitsPending: row.debitsPending,
      creditsPosted: row.creditsPosted,
      creditsPending: row.creditsPending,
    });
    const m = model[ids.indexOf(row.customerId ?? '')] as Model;
    if (row.kind === 'wallet') {
      expect(balance.availableCents).toBe(m.wallet);
      expect(row.debitsPending).toBe(m.held);
    } else {
      expect(balance.availableCents).toBe(m.promo);
    }
  }
  // Every transfer of these customers moved its amount out of one account and into another.
  const [unbalanced] = (
    await db.execute<{ n: string }>(
      sql`select count(*) as n from ledger_transfers where customer_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and (amount_cents <= 0 or debit_account_id = credit_account_id)`,
    )
  ).rows;
  expect(Number(unbalanced?.n)).toBe(0);
}

describe('ledger property', () => {
  it('keeps every wallet at or above zero and every total equal to its transfers', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), run), { numRuns: 25 });
  }, 300_000);

  it('refuses an overdraft in the database itself', async () => {
    const customer = await newCustomer(app);
    await expect(
      db.transaction(async (tx) => {
        const ledger = ledgerQueries(tx);
        const { wallet } = await ledger.lockCustomer(customer.id);
        await ledger.post([
          {
            id: randomUUID(),
            debitAccountId: wallet.id,
            creditAccountId: await ledger.houseAccount('sales', 'lottery_ticket'),
            amountCents: 1,
            code: 'purchase',
            customerId: customer.id,
          },
        ]);
      }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    const moved = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.customerId, customer.id));
    expect(moved).toHaveLength(0);
  });

  it('never keeps a house account made by a transaction that rolled back', async () => {
    const name = `test-${randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await ledgerQueries(tx).houseAccount('sales', name);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const id = await db.transaction((tx) => ledgerQueries(tx).houseAccount('sales', name));
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
    expect(row?.code).toBe(`sales:${name}`);
    expect(await ledgerQueries(db).houseAccount('sales', name)).toBe(id);
  });
});

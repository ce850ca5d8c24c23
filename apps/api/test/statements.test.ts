/**
 * The monthly activity statement: the months with activity, one month's totals and lines from the
 * ledger (deposits, purchases, prizes, refunds, withdrawals, promotional credit), balances that
 * carry from month to month and close at the wallet's balance, held lines listed and not counted,
 * the customer's own months only, and the month checked before anything is read.
 */
import { randomUUID } from 'node:crypto';
import { customers, type Database, eq, ledgerTransfers, type TransferCode } from '@drawhouse/db';
import {
  type StatementMonth,
  statementMonthKey,
  statementMonthName,
  statementMonthOf,
  statementMonthRange,
} from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { runOperator } from '../src/operator/run.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { anotherOperator } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const get = (token: string, url: string) => call(app, url, { token });

const before = (month: StatementMonth, count: number): StatementMonth => {
  const index = month.year * 12 + month.month - 1 - count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
/** An instant `days` days and an hour into a Sydney month. */
const into = (month: StatementMonth, days: number) =>
  new Date(statementMonthRange(month).start.getTime() + days * 86_400_000 + 3_600_000);

type Move = {
  code: TransferCode;
  cents: number;
  at: Date;
  account?: 'wallet' | 'promo';
  flag?: 'posted' | 'pending';
};

/**
 * Transfers into (positive cents) or out of the customer's account, made at `at`, as the use cases
 * make them: a deposit from the gateway, a purchase to sales, a prize from the liability, a withdrawal
 * to the house's withdrawals account. Returns the ids.
 */
async function moves(db: Database, customerId: string, list: Move[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ledger = ledgerQueries(tx);
    const accounts = await ledger.lockCustomer(customerId);
    const house: Record<TransferCode, number> = {
      deposit: await ledger.houseAccount('gateway_clearing', 'sandbox'),
      purchase: await ledger.houseAccount('sales', 'lottery_ticket'),
      refund: await ledger.houseAccount('sales', 'lottery_ticket'),
      prize: await ledger.houseAccount('prize_liability'),
      withdrawal: await ledger.houseAccount('withdrawals'),
      promo_credit: await ledger.houseAccount('promotions'),
      adjustment: await ledger.houseAccount('promotions'),
    };
    const ids: string[] = [];
    for (const move of list) {
      const own = accounts[move.account ?? 'wallet'].id;
      const id = randomUUID();
      await tx.insert(ledgerTransfers).values({
        id,
        debitAccountId: move.cents > 0 ? house[move.code] : own,
        creditAccountId: move.cents > 0 ? own : house[move.code],
        amountCents: Math.abs(move.cents),
        flag: move.flag ?? 'posted',
        code: move.code,
        customerId,
        reference: id,
        createdAt: move.at,
      });
      ids.push(id);
    }
    return ids;
  });
}

/** A pending transfer voided at `at`, as a rejected withdrawal is. */
async function voidAt(db: Database, pendingId: string, at: Date) {
  const [held] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, pendingId));
  if (!held) throw new Error('no hold');
  await db
    .insert(ledgerTransfers)
    .values({ ...held, id: randomUUID(), flag: 'void_pending', pendingId, createdAt: at });
}

const openedAt = (customerId: string, at: Date) =>
  db.update(customers).set({ createdAt: at }).where(eq(customers.id, customerId));

const amounts = (result: Record<string, unknown>) =>
  Object.fromEntries(
    [
      'opening_balance',
      'deposits',
      'withdrawals',
      'spend',
      'refunds',
      'winnings',
      'adjustments',
      'net',
      'closing_balance',
    ].map((key) => [key, (result[key] as { amount: number }).amount]),
  );

describe('GET /v2/customer/statements', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(app, '/v2/customer/statements')).statusCode).toBe(401);
    expect((await call(app, '/v2/customer/statements/2026-01')).statusCode).toBe(401);
  });

  it('totals match the ledger for a customer who deposits, buys, wins and withdraws', async () => {
    const now = statementMonthOf(new Date());
    const last = before(now, 1);
    const first = before(now, 2);
    const customer = await readyToWithdraw(app, db, { cents: 10_000 });
    await openedAt(customer.id, into(first, 0));
    await moves(db, customer.id, [
      { code: 'deposit', cents: 2_000, at: into(first, 2) },
      { code: 'purchase', cents: -500, at: into(first, 3) },
    ]);
    const [, , , , , , , held] = await moves(db, customer.id, [
      { code: 'deposit', cents: 10_000, at: into(last, 1) },
      { code: 'purchase', cents: -3_000, at: into(last, 2) },
      { code: 'promo_credit', cents: 300, at: into(last, 2.5), account: 'promo' },
      { code: 'purchase', cents: -200, at: into(last, 3), account: 'promo' },
      { code: 'refund', cents: 500, at: into(last, 4) },
      { code: 'prize', cents: 1_250, at: into(last, 5) },
      { code: 'withdrawal', cents: -4_000, at: into(last, 6) },
      { code: 'withdrawal', cents: -1_000, at: into(last, 7), flag: 'pending' },
    ]);
    await voidAt(db, held ?? '', into(last, 8));

    const list = await get(customer.token, '/v2/customer/statements');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.map((m: { month: string }) => m.month)).toEqual(
      [now, last, first].map(statementMonthKey),
    );

    const lastMonth = await get(customer.token, `/v2/customer/statements/${statementMonthKey(last)}`);
    expect(lastMonth.statusCode, lastMonth.body).toBe(200);
    const statement = lastMonth.json().result;
    expect(statement).toMatchObject({
      month: statementMonthKey(last),
      previous: { month: statementMonthKey(first), name: statementMonthName(first) },
      next: { month: statementMonthKey(now), name: statementMonthName(now) },
      from: statementMonthRange(last).start.toISOString(),
      to: statementMonthRange(last).end.toISOString(),
      time_zone: 'Australia/Sydney',
    });
    expect(amounts(statement)).toEqual({
      opening_balance: 15,
      deposits: 100,
      withdrawals: 40,
      spend: 32,
      refunds: 5,
      winnings: 12.5,
      adjustments: 3,
      net: -14.5,
      closing_balance: 63.5,
    });
    expect(
      statement.transactions.map((t: { type: string; amount: { amount: number }; status: string }) => [
        t.type,
        t.amount.amount,
        t.status,
      ]),
    ).toEqual([
      ['deposit', 100, 'posted'],
      ['purchase', -30, 'posted'],
      ['promo_credit', 3, 'posted'],
      ['purchase', -2, 'posted'],
      ['refund', 5, 'posted'],
      ['prize', 12.5, 'posted'],
      ['withdrawal', -40, 'posted'],
      ['withdrawal', -10, 'voided'],
    ]);

    const firstMonth = (
      await get(customer.token, `/v2/customer/statements/${statementMonthKey(first)}`)
    ).json().result;
    expect(amounts(firstMonth)).toMatchObject({
      opening_balance: 0,
      deposits: 20,
      spend: 5,
      closing_balance: 15,
    });
    // The opening month has no month before it.
    expect(firstMonth).toMatchObject({ previous: null, next: { month: statementMonthKey(last) } });

    // This month: the $100 deposit, and a withdrawal held until an operator approves it.
    const withdrawal = await call(app, '/v2/tt/withdraw', {
      token: customer.token,
      body: { amount: 25, fund_id: customer.fundId },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const thisMonth = async () =>
      (await get(customer.token, `/v2/customer/statements/${statementMonthKey(now)}`)).json().result;
    const balance = async () => (await get(customer.token, '/v2/customer')).json().result.balance.amount;
    const waiting = await thisMonth();
    expect(amounts(waiting)).toMatchObject({ opening_balance: 63.5, deposits: 100, withdrawals: 0 });
    expect(waiting.closing_balance.amount).toBe(await balance());
    expect(waiting.transactions.at(-1)).toMatchObject({ type: 'withdrawal', status: 'pending' });
    // The current month has no month after it.
    expect(waiting).toMatchObject({ previous: { month: statementMonthKey(last) }, next: null });

    const sam = await anotherOperator(db, 'statement');
    const approved = await runOperator(
      ['withdrawals:approve', withdrawal.json().result.id, '--token', sam.token],
      {
        db,
        out: () => {},
        err: () => {},
      },
    );
    expect(approved).toBe(0);
    const paid = await thisMonth();
    expect(amounts(paid)).toMatchObject({
      opening_balance: 63.5,
      deposits: 100,
      withdrawals: 25,
      closing_balance: 138.5,
    });
    expect(paid.closing_balance.amount).toBe(await balance());
  });

  it("answers only the customer's own lines: another customer's month is not theirs to read", async () => {
    const owner = await newCustomer(app);
    const other = await newCustomer(app);
    const now = statementMonthOf(new Date());
    const last = before(now, 1);
    await openedAt(owner.id, into(last, 0));
    await moves(db, owner.id, [{ code: 'deposit', cents: 5_000, at: into(last, 1) }]);
    const own = await get(owner.access_token, `/v2/customer/statements/${statementMonthKey(last)}`);
    expect(own.json().result.deposits.amount).toBe(50);
    // The other customer opened this month: last month is before their account, and this month is theirs.
    const theirs = await get(other.access_token, `/v2/customer/statements/${statementMonthKey(last)}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('statement_not_found');
    const current = await get(other.access_token, `/v2/customer/statements/${statementMonthKey(now)}`);
    expect(current.json().result.transactions).toEqual([]);
    expect((await get(other.access_token, '/v2/customer/statements')).json().result).toEqual([]);
  });

  it('an empty month is a statement of zeros', async () => {
    const customer = await newCustomer(app);
    const month = statementMonthKey(statementMonthOf(new Date()));
    const res = await get(customer.access_token, `/v2/customer/statements/${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.values(amounts(res.json().result)).every((amount) => amount === 0)).toBe(true);
    expect(res.json().result.transactions).toEqual([]);
  });

  it('refuses a month that is not YYYY-MM with 400, and a month to come with 404', async () => {
    const customer = await newCustomer(app);
    for (const month of ['2026-13', '2026-1', '202611', 'abc', '2026-11-01', '2026-00', '%00', '2026-1%00']) {
      const res = await get(customer.access_token, `/v2/customer/statements/${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().error).toMatchObject({ status: 400, code: 'validation_error' });
    }
    const next = statementMonthKey(before(statementMonthOf(new Date()), -1));
    const future = await get(customer.access_token, `/v2/customer/statements/${next}`);
    expect(future.statusCode).toBe(404);
    expect(future.json().error.code).toBe('statement_not_found');
  });
});

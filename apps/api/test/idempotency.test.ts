import { randomUUID } from 'node:crypto';
import { eq, idempotencyKeys, ledgerTransfers } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { createIdempotency } from '../src/http/idempotency.ts';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { insertCustomer } from './customer-rows.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const { db } = getTestDb();

const newCustomerId = () => insertCustomer(db);

// A money-moving route of the test only: credits `amount` cents to the customer's wallet, or refuses
// an amount over 1000 with a 422 after the work started.
const app = await getTestApp({}, async (instance) => {
  const idempotency = createIdempotency(instance.deps.db);
  instance.post<{ Body: { customerId: string; amount: number; slowMs?: number } }>(
    '/test/credit',
    async (request, reply) => {
      const { customerId, amount, slowMs } = request.body;
      const answer = await idempotency.run(request, `customer:${customerId}`, async (tx) => {
        const ledger = ledgerQueries(tx);
        const { wallet } = await ledger.lockCustomer(customerId);
        const id = randomUUID();
        await ledger.post([
          {
            id,
            debitAccountId: await ledger.houseAccount('gateway_clearing', 'sandbox'),
            creditAccountId: wallet.id,
            amountCents: amount,
            code: 'deposit',
            customerId,
          },
        ]);
        if (slowMs) await new Promise((r) => setTimeout(r, slowMs));
        if (amount > 1000) throw new AppError(422, 'too_much', 'That is too much.');
        return { status: 201, result: { transferId: id } };
      });
      return reply.status(answer.status).send({ result: answer.result, messages: [] });
    },
  );
});

const credit = (customerId: string, amount: number, key?: string, slowMs?: number) =>
  app.inject({
    method: 'POST',
    url: '/test/credit',
    headers: key ? { 'idempotency-key': key } : {},
    payload: { customerId, amount, slowMs },
  });

const transfersOf = async (customerId: string) =>
  (await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.customerId, customerId))).length;

describe('Idempotency-Key', () => {
  it('replays the first answer and moves money once', async () => {
    const customerId = await newCustomerId();
    const first = await credit(customerId, 500, 'key-1');
    const again = await credit(customerId, 500, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().result).toEqual(first.json().result);
    expect(await transfersOf(customerId)).toBe(1);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const customerId = await newCustomerId();
    await credit(customerId, 500, 'key-2');
    const other = await credit(customerId, 600, 'key-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_mismatch');
    expect(await transfersOf(customerId)).toBe(1);
  });

  it('keeps an expected failure: the replay fails the same way and nothing moved', async () => {
    const customerId = await newCustomerId();
    const first = await credit(customerId, 5000, 'key-3');
    const again = await credit(customerId, 5000, 'key-3');
    expect(first.statusCode).toBe(422);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('too_much');
    expect(await transfersOf(customerId)).toBe(0);
  });

  it('answers 409 to a request while the first with its key is in flight, and moves money once', async () => {
    const customerId = await newCustomerId();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => credit(customerId, 100, 'key-4', 1500)),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(409);
    expect(await transfersOf(customerId)).toBe(1);
    const after = await credit(customerId, 100, 'key-4', 1500);
    expect(after.statusCode).toBe(201);
    expect(await transfersOf(customerId)).toBe(1);
  });

  it('keeps keys of different customers apart, and runs every call without a key', async () => {
    const a = await newCustomerId();
    const b = await newCustomerId();
    expect((await credit(a, 100, 'shared')).statusCode).toBe(201);
    expect((await credit(b, 100, 'shared')).statusCode).toBe(201);
    await credit(a, 100);
    await credit(a, 100);
    expect(await transfersOf(a)).toBe(3);
    expect(await transfersOf(b)).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const customerId = await newCustomerId();
    const res = await credit(customerId, 100, 'x'.repeat(300));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_idempotency_key');
  });

  it('forgets keys older than twice the 24-hour retention, and keeps younger ones', async () => {
    const scope = `customer:${randomUUID()}`;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    await db.insert(idempotencyKeys).values([
      { scope, key: 'old', requestHash: 'x', responseStatus: 201, responseBody: '{}', createdAt: at(49) },
      { scope, key: 'young', requestHash: 'x', responseStatus: 201, responseBody: '{}', createdAt: at(25) },
    ]);
    expect(await createIdempotency(db).prune()).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    expect(left.map((k) => k.key)).toEqual(['young']);
  });
});

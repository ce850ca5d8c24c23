/**
 * The hot path's statement budget (decision 048): every statement a request sends to PostgreSQL is a
 * round trip on the purchase's critical path, so an add-to-cart sends at most 4 (the sign-in check
 * included) and a wallet purchase with its Idempotency-Key at most 6 (BEGIN and COMMIT included). The
 * app under test counts each request's statements on its pool and says how many it sent
 * (`X-Db-Statements`, as the benchmarks read it).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const MAX_PER_ADD = 4;
const MAX_PER_PURCHASE = 6;

const app = await getTestApp({ countStatements: true });
const { db } = getTestDb();
const { add, cart, purchase } = checkoutCalls(app);

/** A request's answer and the statements it sent. */
async function counted<T extends { headers: Record<string, unknown> }>(
  send: () => Promise<T>,
): Promise<{ answer: T; statements: number }> {
  const answer = await send();
  const statements = Number(answer.headers['x-db-statements']);
  expect(Number.isInteger(statements) && statements > 0, 'the app counts statements').toBe(true);
  return { answer, statements };
}

describe('statements per request on the purchase path', () => {
  it(`an add-to-cart sends at most ${MAX_PER_ADD}, into a new cart and into one holding items`, async () => {
    const customer = await newCustomer(app);
    const first = await counted(() => add(customer.access_token, PB_ITEM));
    expect(first.answer.statusCode, first.answer.body).toBe(200);
    const second = await counted(() => add(customer.access_token, PB_ITEM));
    expect(second.answer.statusCode, second.answer.body).toBe(200);
    expect(second.answer.json().result.cart_items).toHaveLength(2);
    expect(first.statements).toBeLessThanOrEqual(MAX_PER_ADD);
    expect(second.statements).toBeLessThanOrEqual(MAX_PER_ADD);
  });

  it(`a wallet purchase with its Idempotency-Key sends at most ${MAX_PER_PURCHASE}; its replay as few`, async () => {
    // The shop's first sale of a product type makes its sales account: count a later one.
    const buy = async () => {
      const customer = await newCustomer(app);
      expect((await add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
      const due = dueCents(await cart(customer.access_token));
      await fundWallet(db, customer.id, 10 * due);
      const key = randomUUID();
      const send = () => purchase(customer.access_token, { expected_total: aud(due) }, key);
      return { send };
    };
    expect((await (await buy()).send()).statusCode).toBe(200);
    const { send } = await buy();
    const bought = await counted(send);
    expect(bought.answer.statusCode, bought.answer.body).toBe(200);
    expect(bought.answer.json().result.receipt.orders).toHaveLength(1);
    const replayed = await counted(send);
    expect(replayed.answer.json().result).toEqual(bought.answer.json().result);
    expect(bought.statements).toBeLessThanOrEqual(MAX_PER_PURCHASE);
    expect(replayed.statements).toBeLessThanOrEqual(MAX_PER_PURCHASE);
  });
});

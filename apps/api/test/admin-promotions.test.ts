/**
 * Promo codes in the back office: a content operator lists them with their uses, finds one by code,
 * creates and edits one (field errors for a wrong form, 409 for a code taken whatever its case), each
 * change audited in its transaction; a code limited to segments is refused to a customer of another
 * segment, on the cart and again at checkout.
 */
import { randomUUID } from 'node:crypto';
import { auditLog, desc, eq, voucherRedemptions } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);
const { cart, add, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

const GAME = { numbers: [4, 11, 17, 22, 28, 31, 33], powerball: 5 };
const headers = { 'x-api-version': '3.4' };
const newCode = () => `P${randomUUID().slice(0, 8).toUpperCase()}`;
const form = (code: string, more: Record<string, unknown> = {}) => ({
  code,
  type: 'voucher_fixed_discount',
  amount: 2,
  percent: null,
  min_spend: 0,
  valid_from: null,
  expires_at: null,
  per_customer_limit: 1,
  max_redemptions: null,
  active: true,
  segments: null,
  ...more,
});
const create = (body: Record<string, unknown>) => asOperator(app, content, 'POST', '/admin/promotions', body);
const edit = (id: string, body: Record<string, unknown>) =>
  asOperator(app, content, 'PATCH', `/admin/promotions/${id}`, body);
const applyCode = (customer: TestCustomer, code: string) =>
  call(app, '/v2/cart/promotion', { token: customer.access_token, body: { promotion_code: code }, headers });
const audited = (id: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(desc(auditLog.id));

async function customerWithEntry() {
  const customer = await newCustomer(app);
  await fundWallet(db, customer.id, 10_000);
  const res = await add(customer.access_token, { ...PB_ITEM, games: [GAME] });
  expect(res.statusCode, res.body).toBe(200);
  return customer;
}

describe('promo codes in the back office', () => {
  it('are created, found by code with their uses, and edited, each change audited', async () => {
    const code = newCode();
    const made = await create(form(code, { type: 'voucher_percent_discount', amount: null, percent: 12.5 }));
    expect(made.statusCode, made.body).toBe(200);
    const promo = made.json().result;
    expect(promo).toMatchObject({
      code,
      type: 'voucher_percent_discount',
      percent: 12.5,
      amount: null,
      label: '12.5% off',
      redemptions: 0,
      customers: 0,
      segments: null,
    });
    const found = await asOperator(app, content, 'GET', `/admin/promotions?q=${code.slice(2).toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().result.promotions.map((p: { id: string }) => p.id)).toEqual([promo.id]);
    expect(found.json().result.segments).toEqual(expect.arrayContaining(['default', 'lite']));

    const edited = await edit(promo.id, form(code, { amount: 7.5, min_spend: 20, segments: ['default'] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      type: 'voucher_fixed_discount',
      amount: { amount: 7.5, currency: 'AUD' },
      percent: null,
      min_spend: { amount: 20, currency: 'AUD' },
      segments: ['default'],
    });
    const rows = await audited(promo.id);
    expect(rows.map((r) => r.action)).toEqual(['voucher.updated', 'voucher.created']);
    expect(rows[0]).toMatchObject({ operatorName: content.name, via: 'back_office', targetType: 'voucher' });
    expect(rows[0]?.before).toMatchObject({ percentBasisPoints: 1250, segments: null });
    expect(rows[0]?.after).toMatchObject({ amountCents: 750, minSpendCents: 2000, segments: ['default'] });
  });

  it('refuses a wrong form field by field and a code taken whatever its case, changing nothing', async () => {
    const code = newCode();
    const bad = await create(form(code, { amount: 0, segments: ['gold'], per_customer_limit: 0 }));
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'per_customer_limit', 'segments']);
    const first = await create(form(code));
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(form(code.toLowerCase()));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors.code[0].code).toBe('code_taken');
    const other = (await create(form(newCode()))).json().result;
    const renamed = await edit(other.id, form(code.toLowerCase()));
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect((await audited(other.id)).map((r) => r.action)).toEqual(['voucher.created']);
    expect((await edit(randomUUID(), form(newCode()))).statusCode).toBe(404);
    expect((await asOperator(app, content, 'GET', '/admin/promotions/not-an-id')).statusCode).toBe(404);
  });

  it('need the content role', async () => {
    const support = await backOfficeOperator(app, ['support']);
    expect((await asOperator(app, support, 'GET', '/admin/promotions')).statusCode).toBe(403);
    expect((await asOperator(app, support, 'POST', '/admin/promotions', form(newCode()))).statusCode).toBe(
      403,
    );
  });
});

describe('a code limited to segments', () => {
  it('is refused on the cart to a customer of another segment and taken by one of its segment', async () => {
    const code = newCode();
    const made = (await create(form(code, { segments: ['lite'] }))).json().result;
    const customer = await customerWithEntry();
    const refused = await applyCode(customer, code);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(
      `The promotion code ${code} is not available to your account: it is for selected customers only.`,
    );
    expect((await edit(made.id, form(code, { segments: ['default', 'lite'] }))).statusCode).toBe(200);
    expect((await applyCode(customer, code)).statusCode).toBe(200);
    const bought = await purchase(customer.access_token, {
      expected_total: aud(dueCents(await cart(customer.access_token))),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const listed = await asOperator(app, content, 'GET', `/admin/promotions?q=${code}`);
    expect(listed.json().result.promotions[0]).toMatchObject({ redemptions: 1, customers: 1 });
  });

  it('is refused again at checkout when it was limited after it went on the cart', async () => {
    const code = newCode();
    const made = (await create(form(code))).json().result;
    const customer = await customerWithEntry();
    expect((await applyCode(customer, code)).statusCode).toBe(200);
    expect((await edit(made.id, form(code, { segments: ['lite'] }))).statusCode).toBe(200);
    const shown = await cart(customer.access_token);
    const bought = await purchase(customer.access_token, { expected_total: aud(dueCents(shown)) });
    expect(bought.statusCode, bought.body).toBe(409);
    expect(bought.json().error.code).toBe('promotion_not_applicable');
    expect(bought.json().error.message).toMatch(/not available to your account/);
    expect(
      await db.select().from(voucherRedemptions).where(eq(voucherRedemptions.customerId, customer.id)),
    ).toEqual([]);
  });
});

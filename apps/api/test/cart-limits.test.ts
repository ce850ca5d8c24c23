/**
 * Cart limits under concurrent calls: every change locks the cart row, a cart holds one item per
 * membership program, and a cart never holds more syndicate shares or raffle tickets than are left
 * (on add, change, build and convert).
 */
import {
  cartItems,
  carts,
  createDraw,
  createProductOffer,
  createRaffle,
  eq,
  raffles,
  syndicateDrawShares,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { cartCalls, PB_ITEM } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);

const membership = { membership_program: 'daily-winners', membership_offer: 'daily-winners-monthly' };

type Item = { id: string; product_type: string; num_shares: number | null; num_tickets: number | null };
type Answer = { cart_items: Item[]; auto_removed_items: { id: string; reason: string; message: string }[] };

/** A syndicate of its own with `total - sold` shares left and an open draw. */
async function newSyndicate(total: number, sold: number): Promise<string> {
  const offer = await createProductOffer(db, {
    type: 'syndicate_share',
    displayCategory: 'syndicate',
    costPerShareCents: 500,
    syndicateTotalShares: total,
    recurringPurchase: null,
  });
  const draw = await createDraw(db, offer.key, { type: 'syndicate_share_draw' });
  // Each draw counts its own shares sold.
  await db.insert(syndicateDrawShares).values({ drawId: draw.id, totalShares: total, sharesSold: sold });
  return offer.key;
}

const addAnon = (token: string, body: unknown) => cartCall(`/v2/anon-cart/${token}/items`, { body });
const addCustomer = (customer: TestCustomer, body: unknown) =>
  cartCall('/v2/cart/items', { body, token: customer.access_token });
const customerCart = async (customer: TestCustomer): Promise<Answer> =>
  (await cartCall('/v2/cart/items', { token: customer.access_token })).json().result;
const convert = (token: string, customer: TestCustomer) =>
  cartCall(`/v2/anon-cart/${token}/convert`, { method: 'POST', token: customer.access_token });
const memberships = (answer: Answer) => answer.cart_items.filter((i) => i.product_type === 'membership');

async function expectOk(res: Awaited<ReturnType<typeof cartCall>>): Promise<Answer> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

describe('one membership per program', () => {
  it('keeps one when 50 adds to a customer cart arrive at once', async () => {
    const customer = await newCustomer(app);
    await customerCart(customer);
    const answers = await Promise.all(Array.from({ length: 50 }, () => addCustomer(customer, membership)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors.membership_program[0].code).toBe('duplicate');
    }
    expect(memberships(await customerCart(customer))).toHaveLength(1);
  });

  it('keeps one when two items are changed into the membership at once', async () => {
    const customer = await newCustomer(app);
    await expectOk(await addCustomer(customer, PB_ITEM));
    const { cart_items: items } = await expectOk(await addCustomer(customer, PB_ITEM));
    const answers = await Promise.all(
      items.map((item) =>
        cartCall(`/v2/cart/items/${item.id}`, {
          method: 'PUT',
          body: membership,
          token: customer.access_token,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const after = await customerCart(customer);
    expect(after.cart_items).toHaveLength(2);
    expect(memberships(after)).toHaveLength(1);
  });

  it('keeps the customer cart membership when converting a cart with the same program', async () => {
    const customer = await newCustomer(app);
    const own = (await expectOk(await addCustomer(customer, membership))).cart_items[0];
    const token = await newAnonCart();
    const yearly = { ...membership, membership_offer: 'daily-winners-annually' };
    const anonMembership = (await expectOk(await addAnon(token, yearly))).cart_items[0];
    const pb = (await expectOk(await addAnon(token, PB_ITEM))).cart_items[1];

    const merged = await expectOk(await convert(token, customer));
    expect(merged.cart_items.map((i) => i.id).sort()).toEqual([own?.id, pb?.id].sort());
    expect(merged.auto_removed_items).toEqual([
      expect.objectContaining({ id: anonMembership?.id, reason: 'duplicate' }),
    ]);
    expect(merged.auto_removed_items[0]?.message).toMatch(/already in your cart/);
    expect(memberships(await customerCart(customer))).toHaveLength(1);
  });

  it('keeps one when a convert and adds to both carts arrive at once', async () => {
    const customer = await newCustomer(app);
    await customerCart(customer);
    const token = await newAnonCart();
    await expectOk(await addAnon(token, membership));
    const [converted, customerAdd, ...anonAdds] = await Promise.all([
      convert(token, customer),
      addCustomer(customer, membership),
      ...Array.from({ length: 5 }, () => addAnon(token, PB_ITEM)),
    ]);
    expect(converted?.statusCode, converted?.body).toBe(200);
    expect([200, 400]).toContain(customerAdd?.statusCode);
    const after = await customerCart(customer);
    expect(memberships(after)).toHaveLength(1);
    // Every add the anonymous cart took before the convert moved; the later ones found no cart.
    const added = new Set<string>();
    for (const res of anonAdds) {
      expect([200, 404], res.body).toContain(res.statusCode);
      if (res.statusCode !== 200) continue;
      for (const item of (res.json().result as Answer).cart_items) {
        if (item.product_type === 'lottery_ticket') added.add(item.id);
      }
    }
    const moved = after.cart_items.filter((i) => i.product_type === 'lottery_ticket').map((i) => i.id);
    expect(moved.sort()).toEqual([...added].sort());
    expect(moved).toHaveLength(anonAdds.filter((r) => r.statusCode === 200).length);
  });
});

describe('syndicate shares never more than are left', () => {
  it('refuses shares over what is left once the cart holds some, the cart unchanged', async () => {
    const syndicate = await newSyndicate(40, 3);
    const token = await newAnonCart();
    const first = await expectOk(await addAnon(token, { syndicate, num_shares: 37 }));
    for (let i = 0; i < 2; i++) {
      const again = await addAnon(token, { syndicate, num_shares: 37 });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('sold_out');
      expect(again.json().errors.num_shares[0]).toEqual({
        code: 'sold_out',
        message: 'Only 37 shares are left in this syndicate; your cart already holds 37.',
      });
    }
    const one = await addAnon(token, { syndicate, num_shares: 1 });
    expect(one.statusCode).toBe(400);
    const after = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    expect(after.cart_items).toEqual(first.cart_items);
  });

  it('takes shares up to what is left across items', async () => {
    const syndicate = await newSyndicate(40, 3);
    const token = await newAnonCart();
    await expectOk(await addAnon(token, { syndicate, num_shares: 30 }));
    const over = await addAnon(token, { syndicate, num_shares: 8 });
    expect(over.json().errors.num_shares[0].message).toBe(
      'Only 37 shares are left in this syndicate; your cart already holds 30.',
    );
    const fits = await expectOk(await addAnon(token, { syndicate, num_shares: 7 }));
    expect(fits.cart_items.map((i) => i.num_shares)).toEqual([30, 7]);
  });

  it('lets one of three adds of every share left in at once', async () => {
    const syndicate = await newSyndicate(40, 3);
    const customer = await newCustomer(app);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => addCustomer(customer, { syndicate, num_shares: 37 })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const shares = (await customerCart(customer)).cart_items.map((i) => i.num_shares);
    expect(shares).toEqual([37]);
  });

  it('counts the other items, not the one changed, when an item is replaced', async () => {
    const syndicate = await newSyndicate(40, 3);
    const token = await newAnonCart();
    await expectOk(await addAnon(token, { syndicate, num_shares: 20 }));
    const { cart_items: items } = await expectOk(await addAnon(token, { syndicate, num_shares: 10 }));
    const [a, b] = items;
    const put = (id: string | undefined, numShares: number) =>
      cartCall(`/v2/anon-cart/${token}/items/${id}`, {
        method: 'PUT',
        body: { syndicate, num_shares: numShares },
      });
    await expectOk(await put(a?.id, 27));
    const over = await put(a?.id, 28);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.num_shares[0].message).toBe(
      'Only 37 shares are left in this syndicate; your cart already holds 10.',
    );
    expect((await put(b?.id, 11)).statusCode).toBe(400);
    const after = (await cartCall(`/v2/anon-cart/${token}`)).json().result as Answer;
    expect(after.cart_items.map((i) => i.num_shares)).toEqual([27, 10]);
  });

  it('leaves behind the anonymous shares a convert cannot fit', async () => {
    const syndicate = await newSyndicate(40, 3);
    const customer = await newCustomer(app);
    await expectOk(await addCustomer(customer, { syndicate, num_shares: 30 }));
    const token = await newAnonCart();
    const shares = (await expectOk(await addAnon(token, { syndicate, num_shares: 10 }))).cart_items[0];
    const pb = (await expectOk(await addAnon(token, PB_ITEM))).cart_items[1];
    const merged = await expectOk(await convert(token, customer));
    expect(merged.cart_items.map((i) => [i.product_type, i.num_shares])).toEqual([
      ['syndicate_share', 30],
      ['lottery_ticket', null],
    ]);
    expect(merged.cart_items[1]?.id).toBe(pb?.id);
    expect(merged.auto_removed_items).toEqual([
      expect.objectContaining({ id: shares?.id, reason: 'sold_out' }),
    ]);
    expect(merged.auto_removed_items[0]?.message).toMatch(
      /Only 37 shares are left in this syndicate; your cart already holds 30\.$/,
    );
  });
});

describe('raffle tickets never more than are left', () => {
  it('counts the books already in the cart', async () => {
    const { offer } = await createRaffle(db, { totalTickets: 5 });
    const token = await newAnonCart();
    await expectOk(await addAnon(token, { lottery: offer.key, book: 3 }));
    const over = await addAnon(token, { lottery: offer.key, book: 3 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('sold_out');
    expect(over.json().errors.book[0].message).toBe(
      'Only 5 tickets are left in this raffle; your cart already holds 3.',
    );
    await expectOk(await addAnon(token, { lottery: offer.key, book: 1 }));
    await expectOk(await addAnon(token, { lottery: offer.key, book: 1 }));
    const full = await addAnon(token, { lottery: offer.key, book: 1 });
    expect(full.json().errors.book[0].message).toBe(
      'Only 5 tickets are left in this raffle; your cart already holds 5.',
    );
  });

  it('build takes out the later books once fewer tickets are left', async () => {
    const { offer } = await createRaffle(db, { totalTickets: 10 });
    const token = await newAnonCart();
    for (let i = 0; i < 3; i++) await expectOk(await addAnon(token, { lottery: offer.key, book: 3 }));
    await db.update(raffles).set({ ticketsSold: 4 }).where(eq(raffles.productOfferKey, offer.key));
    const built = await expectOk(await cartCall(`/v2/anon-cart/${token}/build`, { method: 'POST' }));
    expect(built.cart_items.map((i) => i.num_tickets)).toEqual([3, 3]);
    expect(built.auto_removed_items).toHaveLength(1);
    expect(built.auto_removed_items[0]).toMatchObject({ reason: 'sold_out' });
    expect(built.auto_removed_items[0]?.message).toMatch(
      /Only 6 tickets are left in this raffle; your cart already holds 6\.$/,
    );
  });
});

describe('build', () => {
  it('takes out a second item of a membership program', async () => {
    const token = await newAnonCart();
    const { cart_items: items } = await expectOk(await addAnon(token, membership));
    const [stored] = await db
      .select()
      .from(cartItems)
      .where(eq(cartItems.id, items[0]?.id ?? ''));
    if (!stored) throw new Error('membership not stored');
    // A cart from before the rule was enforced on every path.
    const { id: _id, createdAt: _at, ...copy } = stored;
    await db.insert(cartItems).values({ ...copy, createdAt: new Date(Date.now() + 1000) });
    const built = await expectOk(await cartCall(`/v2/anon-cart/${token}/build`, { method: 'POST' }));
    expect(built.cart_items.map((i) => i.id)).toEqual([items[0]?.id]);
    expect(built.auto_removed_items).toEqual([expect.objectContaining({ reason: 'duplicate' })]);
  });
});

describe('promo codes and convert', () => {
  it('a code applied while converting stays the customer cart code', async () => {
    for (let i = 0; i < 8; i++) {
      const customer = await newCustomer(app);
      // A code needs something charged now in the cart it is applied to.
      await expectOk(await addCustomer(customer, PB_ITEM));
      const token = await newAnonCart();
      await expectOk(await addAnon(token, PB_ITEM));
      await expectOk(
        await cartCall(`/v2/anon-cart/${token}/promotion`, { body: { promotion_code: 'TENOFF' } }),
      );
      const [converted, applied] = await Promise.all([
        convert(token, customer),
        cartCall('/v2/cart/promotion', {
          body: { promotion_code: 'CREDIT20' },
          token: customer.access_token,
        }),
      ]);
      expect(converted.statusCode).toBe(200);
      expect(applied.statusCode).toBe(200);
      const after = (await cartCall('/v2/cart/items', { token: customer.access_token })).json().result;
      expect(after.promotion?.code, `attempt ${i}`).toBe('CREDIT20');
    }
  });
});

describe('the customer cart row', () => {
  it('is one open cart however many first calls arrive at once', async () => {
    const customer = await newCustomer(app);
    await Promise.all(Array.from({ length: 10 }, () => addCustomer(customer, PB_ITEM)));
    const open = await db.select().from(carts).where(eq(carts.customerId, customer.id));
    expect(open).toHaveLength(1);
    expect((await customerCart(customer)).cart_items).toHaveLength(10);
  });
});

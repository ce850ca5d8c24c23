/**
 * 200 buyers at once for the last 10 shares of a lotto party session: the session's guarded update
 * decides every race, so exactly 10 buy, every other purchase is refused with 409 `sold_out` and
 * charged nothing, and the session never holds more shares than it has.
 */
import {
  createDb,
  eq,
  inArray,
  ledgerTransfers,
  lottoPartyGroups,
  lottoPartyMembers,
  lottoPartySessions,
  lottoPartyShares,
  orders,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { cartForCheckout } from '../src/modules/cart/index.ts';
import { createCheckoutService } from '../src/modules/checkout/checkout.service.ts';
import { lottoPartyMoney } from '../src/modules/lotto-party/index.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { aud, balancesOf, buyersOfItem, checkoutCalls, dueCents } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { getTestApp, uniqueGroupName } from './helpers.ts';
import { testDatabaseUrl } from './test-database.ts';

const app: FastifyInstance = await getTestApp();
const { add, cart } = checkoutCalls(app);
// A pool of its own, wide enough for the races to overlap.
const handle = createDb(testDatabaseUrl(), { max: 16 });
afterAll(() => handle.close());
const { db } = handle;
const service = createCheckoutService(() => new Date());
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

describe('lotto party share races', () => {
  it('200 purchases at once for the last 10 shares: exactly 10 sold, the rest 409 and nothing charged', async () => {
    const { current } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    const made = await call(app, '/social/v3/group', {
      token: owner.access_token,
      body: { group_name: uniqueGroupName('Race') },
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const groupId: string = made.json().result.group_id;
    const opened = await call(app, '/social/v3/session', {
      token: owner.access_token,
      body: { group_id: groupId, draw_id: current.id, share_price: aud(100), total_shares: 500 },
    });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const sessionId: string = opened.json().result.session_id;
    // Anyone may buy into a public group's session; 490 shares are gone already.
    await db
      .update(lottoPartyGroups)
      .set({ publicityStatus: 'public' })
      .where(eq(lottoPartyGroups.id, groupId));
    await db.update(lottoPartySessions).set({ sharesSold: 490 }).where(eq(lottoPartySessions.id, sessionId));

    // One real cart item, added the storefront's way, copied into each buyer's cart.
    expect((await add(owner.access_token, { session_id: sessionId, num_shares: 1 })).statusCode).toBe(200);
    const price = dueCents(await cart(owner.access_token));
    expect(price).toBe(100);
    const { items } = await db.transaction((tx) => cartForCheckout(tx, () => new Date()).build(owner.id));
    const template = items[0];
    if (!template) throw new Error('no lotto party item');

    const buyers = await buyersOfItem(db, template, 200, 1_000);

    const outcomes = await Promise.allSettled(
      buyers.map((customerId) =>
        db.transaction((tx) =>
          service.purchaseFromBalance(tx, customerId, { useWallet: true, expectedTotalCents: price }),
        ),
      ),
    );
    const refused = outcomes.flatMap((o) => {
      if (o.status === 'fulfilled') return [];
      if (!(o.reason instanceof AppError)) throw o.reason;
      return [`${o.reason.status} ${o.reason.code}`];
    });
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toEqual(Array(190).fill('409 sold_out'));

    const [session] = await db.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, sessionId));
    expect(session?.sharesSold).toBe(500);
    const shares = await db.select().from(lottoPartyShares).where(eq(lottoPartyShares.sessionId, sessionId));
    expect(shares).toHaveLength(10);
    expect(new Set(shares.map((s) => s.customerId)).size).toBe(10);
    const sold = await db.select().from(orders).where(eq(orders.socialSyndicateId, sessionId));
    expect(sold).toHaveLength(10);
    // Buyers became members of the public group; only the 10 buyers paid, and only once each.
    const joined = await db
      .select()
      .from(lottoPartyMembers)
      .where(inArray(lottoPartyMembers.customerId, buyers));
    expect(joined.map((m) => m.customerId).sort()).toEqual(shares.map((s) => s.customerId).sort());
    let charged = 0;
    for (const id of buyers) charged += 1_000 - (await balancesOf(db, id)).wallet;
    expect(charged).toBe(10 * price);
    const purchases = await db
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.customerId, buyers));
    expect(purchases.filter((t) => t.code === 'purchase')).toHaveLength(10);

    // Whatever a build read before, the session's update takes no share more, and the row's check
    // refuses an oversell written any other way.
    expect(await lottoPartyMoney(db).takeShares(sessionId, 1, new Date())).toBe(false);
    await expect(
      db.update(lottoPartySessions).set({ sharesSold: 501 }).where(eq(lottoPartySessions.id, sessionId)),
    ).rejects.toThrow();
  }, 300_000);
});

/**
 * `POST /cart/items` for a signed-in customer in two statements (decision 048): one read of the cart
 * and all the add needs, the item built by the same rules as every other add, then one write that
 * lands only if the cart is as read. A cart changed in between (another add, a purchase, a promotion)
 * writes nothing and the add starts again from a fresh read, so the cart's rules (one membership per
 * program, shares and tickets left) hold as they do under the cart's lock.
 */
import { randomUUID } from 'node:crypto';
import type { CartItemBody, CartView } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { calendarDay, cartBlockedReasons, DEPOSIT_LIMIT_WINDOW_MS, spentFromDays } from '@drawhouse/domain';
import { accountBalance } from '../ledger/index.ts';
import { type LimitSettings, spendPeriodStarts } from '../limits/index.ts';
import { type CartAddSnapshot, cartAddQueries } from './cart.add.repository.ts';
import { buildItem, offerKeysOf } from './cart.build-item.ts';
import { catalogueReader } from './cart.catalogue.repository.ts';
import { itemCatalogueQueries } from './cart.item-catalogue.repository.ts';
import { type KnownLimits, withLimitBanners } from './cart.limit-banners.ts';
import { duplicateMembership, isDuplicate } from './cart.limits.ts';
import type { CartItemInsert, CartItemRow, CartRow } from './cart.repository.ts';
import { blockOffersOf, cartView, closedDrawRemoval } from './cart.service.ts';

/** An add that found its cart changed this many times in a row waits for the cart's lock instead. */
const OPTIMISTIC_TRIES = 3;

/** The stored row of an item built now. */
function storedItem(item: CartItemInsert, cartId: string, at: Date): CartItemRow {
  return {
    ...item,
    id: randomUUID(),
    cartId,
    drawId: item.drawId ?? null,
    firstDrawNo: item.firstDrawNo ?? null,
    numDraws: item.numDraws ?? 1,
    quantity: item.quantity ?? 1,
    recurringPurchase: item.recurringPurchase ?? null,
    affiliateCode: item.affiliateCode ?? null,
    replayedFrom: item.replayedFrom ?? null,
    createdAt: at,
  };
}

function knownLimits(snapshot: CartAddSnapshot, at: Date): KnownLimits {
  const balance = snapshot.accounts
    .filter((a) => a.kind === 'wallet' || a.kind === 'promo')
    .reduce((sum, a) => sum + accountBalance(a).availableCents, 0);
  return {
    limits: snapshot.limits,
    spent: spentFromDays(snapshot.spendDays, spendPeriodStarts(at)),
    balanceCents: balance,
    deposits: {
      verifiedAt: snapshot.verifiedAt,
      firstDepositAt: snapshot.firstDepositAt,
      limits: snapshot.limits,
      ever: snapshot.deposited.ever,
      lastWeek: snapshot.deposited.lastWeek,
    },
  };
}

/** The cart as it answers, from what was read (and the item added, if any). */
function answer(snapshot: CartAddSnapshot, cart: CartRow, added?: CartItemRow): CartView {
  const closed = snapshot.items.filter((i) => i.drawClosed);
  const kept = snapshot.items.filter((i) => !i.drawClosed).map(({ drawClosed: _, ...item }) => item);
  const items = added ? [...kept, added] : kept;
  const offers = blockOffersOf(
    items.map(
      (i) =>
        snapshot.itemOffers.find((o) => o.key === i.productOfferKey) ??
        snapshot.catalogue.offers.find((o) => o.key === i.productOfferKey),
    ),
  );
  return cartView(
    cart,
    items,
    {
      voucher: snapshot.voucher,
      uses: snapshot.voucher ? snapshot.uses : undefined,
      autoRemoved: closed.map(closedDrawRemoval),
      blockedReasons: cartBlockedReasons(offers, snapshot.state),
    },
    cart.updatedAt,
  );
}

/** A customer's cart not made yet: what an empty cart answers. */
const emptyCart = (id: string, customerId: string, at: Date): CartRow => ({
  id,
  anonymousTokenHash: null,
  customerId,
  status: 'open',
  expiresAt: null,
  convertedToCartId: null,
  voucherId: null,
  createdAt: at,
  updatedAt: at,
});

/**
 * Adds an item to the customer's cart, or answers null for an add this path leaves to the cart
 * service, which locks the cart: a lotto party's shares (whose offer is the session's), and an add
 * whose cart kept changing under it.
 */
export function createCartAdd(db: Database, now: () => Date, settings: LimitSettings) {
  const queries = cartAddQueries(db);
  /** Everything an add or a read of the cart needs, in one statement. */
  const read = (customerId: string, offerKeys: readonly string[], at: Date) => {
    const spendFrom =
      spendPeriodStarts(at)
        .map((d) => calendarDay(d))
        .sort()[0] ?? calendarDay(at);
    const weekAgo = new Date(at.getTime() - DEPOSIT_LIMIT_WINDOW_MS);
    return queries.read(customerId, offerKeys, at, spendFrom, weekAgo);
  };

  /**
   * `GET /cart/items` in one statement (two when the customer's cart is made now): the cart read as
   * an add reads it. Answers null when items whose draw closed must be taken out first, or another
   * request made the cart meanwhile: the cart service answers then, under the cart's lock.
   */
  async function customerCart(customerId: string): Promise<CartView | null> {
    const at = now();
    const snapshot = await read(customerId, [], at);
    if (snapshot.items.some((i) => i.drawClosed)) return null;
    let cart: CartRow | undefined = snapshot.cart;
    if (!cart) {
      cart = emptyCart(randomUUID(), customerId, at);
      if (!(await queries.makeCart(cart.id, customerId, at))) return null;
    }
    return withLimitBanners(db, customerId, answer(snapshot, cart), at, settings, knownLimits(snapshot, at));
  }

  async function addCustomerItem(customerId: string, body: CartItemBody): Promise<CartView | null> {
    const offerKeys = offerKeysOf(body);
    if (offerKeys.length === 0) return null;
    for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
      const at = now();
      const snapshot = await read(customerId, offerKeys, at);
      const reader = catalogueReader(snapshot.catalogue, at, itemCatalogueQueries(db));
      const item = await buildItem(reader, body, snapshot.items, customerId, at);
      if (isDuplicate(snapshot.items, item)) throw duplicateMembership();
      const newCartId = randomUUID();
      const cartId = snapshot.cart?.id ?? newCartId;
      const added = storedItem(item, cartId, at);
      const written = await queries.writeIfUnchanged({
        cart: snapshot.cart,
        newCartId,
        customerId,
        item: added,
        closedIds: snapshot.items.filter((i) => i.drawClosed).map((i) => i.id),
        now: at,
      });
      if (!written) continue;
      const cart = snapshot.cart ? { ...snapshot.cart, updatedAt: at } : emptyCart(cartId, customerId, at);
      return withLimitBanners(
        db,
        customerId,
        answer(snapshot, cart, added),
        at,
        settings,
        knownLimits(snapshot, at),
      );
    }
    return null;
  }

  return { addCustomerItem, customerCart };
}

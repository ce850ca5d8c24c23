/**
 * Cart use cases: anonymous carts reached by an opaque token (stored hashed, 14 days from their last
 * change), the signed-in customer's cart (created on first use), converting an anonymous cart into
 * the customer's on sign-in, removing items. Totals are computed from the items every time.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type CartItemBody,
  CartItemBodySchema,
  type CartItemView,
  type CartToken,
  type CartView,
} from '@drawhouse/contract';
import {
  type CartBlockOffer,
  cartBlockedReasons,
  centsToMoney,
  chargedNowCents,
  formatMoney,
  isOfferShown,
  NO_USES,
  secondCodeReplaces,
  type VoucherUses,
  voucherAppliesMessage,
  voucherDiscountCents,
  voucherLabel,
  voucherPromoCreditCents,
  voucherRefusal,
  voucherRefusalMessage,
  voucherValueCents,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { voucherOf } from '../vouchers/index.ts';
import { buildItem } from './cart.build-item.ts';
import type { CatalogueReader } from './cart.catalogue.repository.ts';
import {
  duplicateMembership,
  heldOf,
  isDuplicate,
  MEMBERSHIP_HELD,
  stockError,
  stockKindOf,
  stockUnits,
} from './cart.limits.ts';
import type {
  CartItemInsert,
  CartItemRow,
  CartQueries,
  CartRepository,
  CartRow,
  ItemOffer,
  VoucherRow,
} from './cart.repository.ts';

/** Anonymous carts live 14 days from their last change. */
export const ANONYMOUS_CART_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const cartNotFound = () =>
  new AppError(404, 'cart_not_found', 'This cart does not exist or has expired; start a new cart.');
const promotionNotAdded = (message: string) => new AppError(400, 'promotion_not_added', message);

/** The recurring purchase of an item as the wire has it (its minimum jackpot is a field of its own). */
function recurringOf(row: CartItemRow): CartItemView['recurringPurchase'] {
  const recurring = row.recurringPurchase;
  return recurring ? { type: recurring.type, enabled: recurring.enabled } : null;
}

function minimumJackpotAmountOf(row: CartItemRow): CartItemView['minimumJackpotAmount'] {
  const cents = row.recurringPurchase?.minimumJackpotCents;
  return cents === undefined ? null : centsToMoney(cents);
}

/** The item body that would add a stored item again (same entry, same first draw). */
function bodyOf(row: CartItemRow): Record<string, unknown> {
  const common = { firstDrawNo: row.firstDrawNo ?? undefined, affiliateCode: row.affiliateCode };
  switch (row.productType) {
    case 'raffle_ticket':
      return {
        ...common,
        lottery: row.productOfferKey,
        book: row.payload.numTickets,
        causeKey: row.payload.causeKey,
        recurringPurchase: recurringOf(row),
      };
    case 'syndicate_share':
      if (row.payload.gameType === 'lotto_party') {
        const { sessionId, numShares } = row.payload;
        return { sessionId, numShares, affiliateCode: row.affiliateCode };
      }
      return {
        ...common,
        syndicate: row.productOfferKey,
        numShares: row.payload.numShares,
        numDraws: row.numDraws,
        recurringPurchase: recurringOf(row),
      };
    case 'membership':
      return {
        membershipProgram: row.productOfferKey,
        membershipOffer: row.payload.membershipOffer,
        affiliateCode: row.affiliateCode,
      };
    case 'lottery_ticket': {
      const p = row.payload;
      return {
        ...common,
        lottery: row.productOfferKey,
        gameType: p.gameType,
        gameOffer: p.gameOffer,
        games: p.games,
        quickpick: p.gameType === 'random',
        numGames: p.games.length,
        numDraws: row.numDraws,
        day: p.day,
        causeKey: p.causeKey,
        recurringPurchase: recurringOf(row),
        minimumJackpotAmount: minimumJackpotAmountOf(row),
      };
    }
  }
}

export const itemNotFound = () => new AppError(404, 'item_not_found', 'This cart has no such item.');

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The fields of an item's answer that only some product types fill. */
type EntryView = Omit<
  CartItemView,
  | 'id'
  | 'productType'
  | 'lotteryKey'
  | 'quantity'
  | 'unitPrice'
  | 'totalPrice'
  | 'numDraws'
  | 'drawNo'
  | 'recurringPurchase'
  | 'minimumJackpotAmount'
  | 'description'
>;

const NO_ENTRY: EntryView = {
  gameType: null,
  gameOffer: null,
  causeKey: null,
  day: null,
  games: [],
  quickpick: false,
  purchaseStatus: null,
  numTickets: null,
  numShares: null,
  drawDate: null,
  numGames: null,
  numRaffleTickets: null,
  syndicateKey: null,
  syndicateName: null,
  hasFavouriteNumbers: false,
  membershipProgram: null,
  membershipOffer: null,
  membershipOfferName: null,
  sessionId: null,
  groupName: null,
};

function entryView(row: CartItemRow): EntryView {
  switch (row.productType) {
    case 'lottery_ticket': {
      const p = row.payload;
      return {
        ...NO_ENTRY,
        gameType: p.gameType,
        gameOffer: p.gameOffer,
        causeKey: p.causeKey,
        day: p.day,
        games: p.games,
        quickpick: p.quickpick,
        purchaseStatus: p.purchaseStatus,
        drawDate: p.drawDate,
        numGames: p.numGames,
        hasFavouriteNumbers: p.games.some((g) => (g.favourites?.length ?? 0) > 0),
      };
    }
    case 'raffle_ticket': {
      const p = row.payload;
      return {
        ...NO_ENTRY,
        causeKey: p.causeKey,
        purchaseStatus: p.purchaseStatus,
        numTickets: p.numTickets,
        drawDate: p.drawDate,
        numRaffleTickets: p.numTickets,
      };
    }
    case 'syndicate_share': {
      const p = row.payload;
      const shares = {
        ...NO_ENTRY,
        gameType: p.gameType,
        purchaseStatus: p.purchaseStatus,
        numShares: p.numShares,
        drawDate: p.drawDate,
      };
      if (p.gameType === 'lotto_party') return { ...shares, sessionId: p.sessionId, groupName: p.groupName };
      return { ...shares, syndicateKey: row.productOfferKey, syndicateName: p.offerName };
    }
    case 'membership': {
      const p = row.payload;
      return {
        ...NO_ENTRY,
        gameType: p.gameType,
        membershipProgram: p.membershipProgram,
        membershipOffer: p.membershipOffer,
        membershipOfferName: p.membershipOfferName,
      };
    }
  }
}

function itemView(row: CartItemRow): CartItemView {
  return {
    id: row.id,
    productType: row.productType,
    lotteryKey: row.productOfferKey,
    quantity: row.quantity,
    unitPrice: centsToMoney(row.unitPriceCents),
    totalPrice: centsToMoney(row.unitPriceCents * row.quantity),
    numDraws: row.numDraws,
    drawNo: row.firstDrawNo,
    recurringPurchase: recurringOf(row),
    minimumJackpotAmount: minimumJackpotAmountOf(row),
    description: row.payload.description,
    ...entryView(row),
  };
}

export type AutoRemovedItem = CartView['autoRemovedItems'][number];

/** An item taken out of a cart, as `auto_removed_items` reports it. */
function removal(row: CartItemRow, reason: string, why: string): AutoRemovedItem {
  const description = itemView(row).description;
  return { id: row.id, reason, description, message: `${description} was taken out of your cart: ${why}` };
}

/** An item the cart took out because its draw no longer takes entries, as `auto_removed_items` reports it. */
export function closedDrawRemoval(item: CartItemRow): AutoRemovedItem {
  const description = itemView(item).description;
  return {
    id: item.id,
    reason: 'draw_closed',
    description,
    message: `Entries closed for the draw of ${description}, so it was taken out of your cart.`,
  };
}

/** The offers of a cart's items for the blocked-reasons rule, once each (a gone offer counts for nothing). */
export function blockOffersOf(offers: readonly (ItemOffer | null | undefined)[]): CartBlockOffer[] {
  const byKey = new Map<string, CartBlockOffer>();
  for (const o of offers) {
    if (o && !byKey.has(o.key)) {
      const onSale = isOfferShown(o);
      byKey.set(o.key, { key: o.key, name: o.name, onSale, restrictions: o.restrictions });
    }
  }
  return [...byKey.values()];
}

/** What goes with the items into a cart answer besides the cart row. */
export type CartViewExtras = {
  voucher?: VoucherRow | undefined;
  /** How often the voucher was used (unknown parts are null: checked again at purchase). */
  uses?: VoucherUses;
  autoRemoved?: AutoRemovedItem[];
  blockedReasons?: Record<string, string>;
};

/**
 * The cart as the client sees it; every total is summed here from the items, then the applied
 * voucher's discount is taken off `cart_total`. The voucher counts only what is charged now (the
 * items less the pre-orders); `promotion.applies` and `promotion.message` say whether it applies and
 * why (not: expired, deactivated, used, under the minimum spend, nothing charged now), and then its
 * discount and credit are 0.
 */
export function cartView(
  cart: CartRow,
  items: CartItemRow[],
  extras: CartViewExtras = {},
  now: Date = new Date(),
): CartView {
  const { voucher } = extras;
  let total = 0;
  let preOrder = 0;
  for (const item of items) {
    const line = item.unitPriceCents * item.quantity;
    total += line;
    if (item.productType !== 'membership' && item.payload.purchaseStatus === 'pre_order') preOrder += line;
  }
  let promotion: CartView['promotion'] = null;
  let discount = 0;
  if (voucher) {
    const rule = voucherOf(voucher);
    const uses = extras.uses ?? NO_USES;
    const chargedNow = chargedNowCents(total, preOrder);
    const refusal = voucherRefusal(rule, chargedNow, now, uses);
    discount = voucherDiscountCents(rule, chargedNow, now, uses);
    promotion = {
      code: voucher.code,
      type: voucher.type,
      discount: centsToMoney(discount),
      unusedCredit: null,
      promoCredit:
        voucher.type === 'voucher_credit_amount'
          ? centsToMoney(voucherPromoCreditCents(rule, chargedNow, now, uses))
          : null,
      applies: refusal === null,
      label: voucherLabel(rule),
      message: voucherAppliesMessage(voucher.code, rule, refusal),
    };
  }
  return {
    cartItems: items.map(itemView),
    cartTotal: centsToMoney(Math.max(total - discount, 0)),
    promotion,
    preOrderTotal: centsToMoney(preOrder),
    autoRemovedItems: extras.autoRemoved ?? [],
    blockedReasons: extras.blockedReasons ?? {},
    requiresUnattendedPaymentMethod: items.some((i) => i.recurringPurchase?.enabled === true),
    expiry: cart.expiresAt ? cart.expiresAt.toISOString() : null,
  };
}

/**
 * Every item built again as if added again with the same entry and first draw, nothing written: an
 * item that passes keeps its id and takes the current price (`kept`, `replaced`), one that fails is
 * reported with the refusal's code and message (`removed`). Items kept before an item count for its
 * limits: a second item of a membership program goes (`duplicate`), shares or tickets beyond what is
 * left go (`sold_out`).
 */
export async function rebuildItems(
  catalogue: CatalogueReader,
  rows: readonly CartItemRow[],
  customerId: string | null,
  at: Date,
): Promise<{
  kept: CartItemRow[];
  replaced: { id: string; item: CartItemInsert }[];
  removed: AutoRemovedItem[];
}> {
  const removed: AutoRemovedItem[] = [];
  const kept: CartItemRow[] = [];
  const replaced: { id: string; item: CartItemInsert }[] = [];
  for (const row of rows) {
    const parsed = CartItemBodySchema.safeParse(bodyOf(row));
    let refusal: AppError | undefined;
    if (!parsed.success) {
      refusal = new AppError(400, 'validation_error', 'This entry no longer fits the rules of its game.');
    } else if (isDuplicate(kept, row)) {
      refusal = new AppError(400, 'duplicate', MEMBERSHIP_HELD);
    } else {
      try {
        const item = await buildItem(catalogue, parsed.data, kept, customerId, at);
        // A quick pick stays a quick pick: its numbers were drawn when it was added.
        if (item.productType === 'lottery_ticket' && row.productType === 'lottery_ticket') {
          item.payload = { ...item.payload, quickpick: row.payload.quickpick };
        }
        replaced.push({ id: row.id, item });
        kept.push({ ...row, ...item });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = error;
      }
    }
    if (refusal) {
      const invalid = refusal.code === 'validation_error';
      // A field error says what no longer fits (too many draws, a withdrawn cause) better than the envelope.
      const why =
        (invalid ? Object.values(refusal.errors ?? {})[0]?.[0]?.message : undefined) ?? refusal.message;
      removed.push(removal(row, invalid ? 'no_longer_valid' : refusal.code, why));
    }
  }
  return { kept, replaced, removed };
}

export function createCartService(repo: CartRepository, now: () => Date) {
  const expiryFrom = (at: Date) => new Date(at.getTime() + ANONYMOUS_CART_LIFETIME_MS);

  /** The open, unexpired anonymous cart of a reference, or 404 `cart_not_found`. */
  async function openAnonymousCart(db: CartQueries, ref: string, lock = false): Promise<CartRow> {
    if (!TOKEN_PATTERN.test(ref)) throw cartNotFound();
    const cart = await db.cartByTokenHash(hashToken(ref), lock);
    if (cart?.status !== 'open' || !cart.expiresAt || cart.expiresAt <= now()) throw cartNotFound();
    return cart;
  }

  /**
   * The cart's answer. Items whose first draw has closed are taken out first and reported in
   * `auto_removed_items` (with any removed by a build); blocked reasons follow the items' offers and,
   * for a customer's cart, the state the customer lives in.
   */
  async function view(
    db: CartQueries,
    cart: CartRow,
    removedEarlier: AutoRemovedItem[] = [],
  ): Promise<CartView> {
    const at = now();
    const closed = await db.deleteClosedDrawItems(cart.id, at);
    const autoRemoved = [...removedEarlier, ...closed.map(closedDrawRemoval)];
    const rows = await db.itemsWithOffers(cart.id);
    const items = rows.map((row) => row.item);
    const offers = blockOffersOf(rows.map((row) => row.offer));
    const voucher = cart.voucherId ? await db.voucherById(cart.voucherId) : undefined;
    const uses = voucher ? await db.voucherUses(voucher, cart.customerId) : undefined;
    const state = cart.customerId ? await db.customerState(cart.customerId) : null;
    const blockedReasons = cartBlockedReasons(offers, state);
    return cartView(cart, items, { voucher, uses, autoRemoved, blockedReasons }, at);
  }

  /** What the cart charges now: its items less its pre-orders. */
  async function chargedNowOf(tx: CartQueries, cart: CartRow): Promise<number> {
    const items = await tx.itemsOf(cart.id);
    const line = (i: CartItemRow) => i.unitPriceCents * i.quantity;
    const preOrders = items.filter(
      (i) => i.productType !== 'membership' && i.payload.purchaseStatus === 'pre_order',
    );
    return chargedNowCents(
      items.reduce((sum, i) => sum + line(i), 0),
      preOrders.reduce((sum, i) => sum + line(i), 0),
    );
  }

  /**
   * Applies a promo code to a cart, or 400 `promotion_not_added` with the cart unchanged: unknown,
   * inactive, not yet valid or expired code, used already by the customer or as often as it allows,
   * nothing charged now (pre-orders only) or less than its minimum spend charged now, or a cart
   * holding a code worth more on it (a second code never silently replaces a better one).
   */
  async function applyPromotion(tx: CartQueries, cart: CartRow, code: string): Promise<CartView> {
    const voucher = await tx.voucherByCode(code);
    if (!voucher) throw promotionNotAdded(`The promotion code ${code} does not exist.`);
    const chargedNow = await chargedNowOf(tx, cart);
    const at = now();
    const rule = voucherOf(voucher);
    const uses = await tx.voucherUses(voucher, cart.customerId);
    const refusal = voucherRefusal(rule, chargedNow, at, uses);
    if (refusal !== null) throw promotionNotAdded(voucherRefusalMessage(voucher.code, rule, refusal));
    const current =
      cart.voucherId && cart.voucherId !== voucher.id ? await tx.voucherById(cart.voucherId) : undefined;
    if (current) {
      const currentUses = await tx.voucherUses(current, cart.customerId);
      const currentValue = voucherValueCents(voucherOf(current), chargedNow, at, currentUses);
      const value = voucherValueCents(rule, chargedNow, at, uses);
      if (!secondCodeReplaces(currentValue, value)) {
        throw promotionNotAdded(
          `Your cart keeps ${current.code} (${voucherLabel(voucherOf(current))}, worth ${formatMoney(currentValue)} on this cart): ${voucher.code} would be worth ${formatMoney(value)}. Remove ${current.code} first to use ${voucher.code} instead.`,
        );
      }
    }
    return setPromotion(tx, cart, voucher.id);
  }

  async function setPromotion(tx: CartQueries, cart: CartRow, voucherId: string | null): Promise<CartView> {
    await tx.setVoucher(cart.id, voucherId);
    const at = now();
    const expiresAt = cart.anonymousTokenHash ? expiryFrom(at) : undefined;
    await tx.touch(cart.id, at, expiresAt);
    return view(tx, { ...cart, voucherId, updatedAt: at, expiresAt: expiresAt ?? cart.expiresAt });
  }

  /**
   * Adds (itemId undefined) or replaces an item of a cart, in one transaction with the cart locked;
   * the item is built before anything is written, so a refused item leaves the cart unchanged.
   */
  async function putItem(
    tx: CartQueries,
    cart: CartRow,
    body: CartItemBody,
    itemId: string | undefined,
  ): Promise<CartView> {
    if (itemId !== undefined && !UUID_PATTERN.test(itemId)) throw itemNotFound();
    const others = (await tx.itemsOf(cart.id)).filter((other) => other.id !== itemId);
    const item = await buildItem(tx, body, others, cart.customerId, now());
    if (isDuplicate(others, item)) throw duplicateMembership();
    if (itemId === undefined) await tx.insertItem(cart.id, item);
    else if (!(await tx.replaceItem(cart.id, itemId, item))) throw itemNotFound();
    const at = now();
    const expiresAt = cart.anonymousTokenHash ? expiryFrom(at) : undefined;
    await tx.touch(cart.id, at, expiresAt);
    return view(tx, { ...cart, updatedAt: at, expiresAt: expiresAt ?? cart.expiresAt });
  }

  /**
   * `build` (no body; the answer is the cart): every item is checked and priced again
   * against the catalogue as it is now, exactly as if it were added again with the same entry and
   * first draw. An item that still passes keeps its id and takes the current price; one that fails
   * is taken out and reported in `auto_removed_items` with the refusal's code and message. The cart's
   * limits count the items kept before it: a second item of a membership program goes (`duplicate`),
   * and so do shares or tickets beyond what is left (`sold_out`). Checkout builds the cart before it
   * takes payment.
   */
  async function rebuild(tx: CartQueries, cart: CartRow): Promise<CartView> {
    const built = await rebuildItems(tx, await tx.itemsOf(cart.id), cart.customerId, now());
    for (const { id, item } of built.replaced) await tx.replaceItem(cart.id, id, item);
    await tx.deleteItems(
      cart.id,
      built.removed.map((r) => r.id),
    );
    const at = now();
    const expiresAt = cart.anonymousTokenHash ? expiryFrom(at) : undefined;
    await tx.touch(cart.id, at, expiresAt);
    return view(tx, { ...cart, updatedAt: at, expiresAt: expiresAt ?? cart.expiresAt }, built.removed);
  }

  /**
   * Why an anonymous cart's item cannot join a customer's cart already holding `held`: its
   * membership program is there (`duplicate`), or its shares or tickets do not fit in what is left
   * (`sold_out`). Anything else about the item is build's business.
   */
  async function mergeRefusal(
    tx: CartQueries,
    held: readonly CartItemRow[],
    row: CartItemRow,
  ): Promise<AutoRemovedItem | undefined> {
    if (isDuplicate(held, row)) return removal(row, 'duplicate', MEMBERSHIP_HELD);
    const kind = stockKindOf(row);
    const left = kind ? await tx.stockLeft(row.productOfferKey) : undefined;
    if (!kind || left === undefined) return undefined;
    const error = stockError(kind, left, heldOf(held, row.productOfferKey), stockUnits(row));
    return error ? removal(row, error.code, error.message) : undefined;
  }

  return {
    /**
     * Checkout's cart, inside the purchase's transaction: the customer's open cart locked and built
     * again (as `build`), with its stored items as they are after the build.
     */
    async buildForPurchase(tx: CartQueries, customerId: string) {
      const cart = await tx.ensureCustomerCart(customerId);
      const view = await rebuild(tx, cart);
      return { cart, view, items: await tx.itemsOf(cart.id) };
    },

    async createAnonymous(): Promise<CartToken> {
      const token = randomBytes(32).toString('base64url');
      await repo.insertAnonymousCart(hashToken(token), expiryFrom(now()));
      return { cartToken: token };
    },

    async anonymousCart(ref: string): Promise<CartView> {
      return repo.transaction(async (tx) => view(tx, await openAnonymousCart(tx, ref, true)));
    },

    async customerCart(customerId: string): Promise<CartView> {
      return repo.transaction(async (tx) => view(tx, await tx.ensureCustomerCart(customerId)));
    },

    /** Checks and prices every item of an anonymous cart again before checkout. */
    async buildAnonymous(ref: string): Promise<CartView> {
      return repo.transaction(async (tx) => rebuild(tx, await openAnonymousCart(tx, ref, true)));
    },

    async buildCustomer(customerId: string): Promise<CartView> {
      return repo.transaction(async (tx) => rebuild(tx, await tx.ensureCustomerCart(customerId)));
    },

    /**
     * Merges the anonymous cart's items into the customer's cart and marks it converted, in one
     * transaction with both carts locked (the anonymous one first, as every other call locks one
     * cart only). Items that would break the customer cart's limits stay behind and are reported in
     * `auto_removed_items`. Converting again (same customer) changes nothing and answers the
     * customer's cart.
     */
    async convert(customerId: string, ref: string): Promise<CartView> {
      if (!TOKEN_PATTERN.test(ref)) throw cartNotFound();
      return repo.transaction(async (tx) => {
        const anon = await tx.cartByTokenHash(hashToken(ref), true);
        if (!anon) throw cartNotFound();
        if (anon.status === 'converted' && anon.convertedToCartId) {
          const into = await tx.cartById(anon.convertedToCartId);
          if (into?.customerId !== customerId) throw cartNotFound();
          return view(tx, await tx.ensureCustomerCart(customerId));
        }
        if (anon.status !== 'open' || !anon.expiresAt || anon.expiresAt <= now()) throw cartNotFound();
        const cart = await tx.ensureCustomerCart(customerId);
        const at = now();
        const held = await tx.itemsOf(cart.id);
        const moving: string[] = [];
        const refused: AutoRemovedItem[] = [];
        for (const row of await tx.itemsOf(anon.id)) {
          const refusal = await mergeRefusal(tx, held, row);
          if (refusal) {
            refused.push(refusal);
          } else {
            held.push(row);
            moving.push(row.id);
          }
        }
        await tx.moveItems(anon.id, cart.id, moving);
        await tx.deleteItems(
          anon.id,
          refused.map((r) => r.id),
        );
        // The customer's cart keeps its own promo code; without one it takes the anonymous cart's.
        const voucherId = cart.voucherId ?? anon.voucherId;
        if (voucherId !== cart.voucherId) await tx.setVoucher(cart.id, voucherId);
        await tx.markConverted(anon.id, cart.id, at);
        await tx.touch(cart.id, at);
        return view(tx, { ...cart, voucherId }, refused);
      });
    },

    /** Adds an item to an anonymous cart (itemId given: replaces that item). */
    async putAnonymousItem(ref: string, body: CartItemBody, itemId?: string): Promise<CartView> {
      return repo.transaction(async (tx) =>
        putItem(tx, await openAnonymousCart(tx, ref, true), body, itemId),
      );
    },

    /** Adds an item to the customer's cart (itemId given: replaces that item). */
    async putCustomerItem(customerId: string, body: CartItemBody, itemId?: string): Promise<CartView> {
      return repo.transaction(async (tx) =>
        putItem(tx, await tx.ensureCustomerCart(customerId), body, itemId),
      );
    },

    async removeAnonymousItem(ref: string, itemId: string): Promise<CartView> {
      return repo.transaction(async (tx) => {
        const cart = await openAnonymousCart(tx, ref, true);
        if (!UUID_PATTERN.test(itemId) || !(await tx.deleteItem(cart.id, itemId))) throw itemNotFound();
        const at = now();
        const expiresAt = expiryFrom(at);
        await tx.touch(cart.id, at, expiresAt);
        return view(tx, { ...cart, updatedAt: at, expiresAt });
      });
    },

    async applyAnonymousPromotion(ref: string, code: string): Promise<CartView> {
      return repo.transaction(async (tx) => applyPromotion(tx, await openAnonymousCart(tx, ref, true), code));
    },

    async applyCustomerPromotion(customerId: string, code: string): Promise<CartView> {
      return repo.transaction(async (tx) =>
        applyPromotion(tx, await tx.ensureCustomerCart(customerId), code),
      );
    },

    /** Removes the cart's promo code; a cart without one answers unchanged. */
    async removeAnonymousPromotion(ref: string): Promise<CartView> {
      return repo.transaction(async (tx) => setPromotion(tx, await openAnonymousCart(tx, ref, true), null));
    },

    async removeCustomerPromotion(customerId: string): Promise<CartView> {
      return repo.transaction(async (tx) => setPromotion(tx, await tx.ensureCustomerCart(customerId), null));
    },

    async removeCustomerItem(customerId: string, itemId: string): Promise<CartView> {
      return repo.transaction(async (tx) => {
        const cart = await tx.ensureCustomerCart(customerId);
        if (!UUID_PATTERN.test(itemId) || !(await tx.deleteItem(cart.id, itemId))) throw itemNotFound();
        await tx.touch(cart.id, now());
        return view(tx, cart);
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

/**
 * Partner purchase. The partner cart is a priced preview: the partner's items are put in a cart the
 * way the shop's cart takes them, in a transaction that then rolls back, so nothing is stored and
 * the customer's own cart is untouched. The purchase of a partner item is the checkout's purchase
 * from the balance, in ONE transaction: the customer's accounts locked, their open cart set aside,
 * the item put in a cart of its own, that cart bought as `POST /cart/purchase` buys one (limits,
 * balance, stock, ledger), the checkout marked with the partner, channel and metadata, the customer's
 * cart opened again. A refusal rolls all of it back. With an Idempotency-Key the answer is kept with
 * the purchase and a failure on its own (decision 043's rules), and the same key answers the same.
 *
 * Paid by card (ADR 073, 049): checkout's deposit-then-purchase in its two transactions. The first
 * checks the item on a cart of its own in a savepoint it rolls back, then holds the deposit that is
 * exactly what the balance leaves to pay, the item and the partner kept on the deposit; the card is
 * charged with none open; when the deposit posts (at once, or after its 3-D Secure challenge) the
 * item is bought from the new balance on a cart of its own, as a balance purchase buys it, in the
 * transaction that posts it. Nothing but the deposit is stored meanwhile.
 */
import {
  type CartItemBody,
  type CartView,
  type PartnerCart,
  type PartnerCartItem,
  PartnerCartItemSchema,
  type PartnerPurchaseBody,
  type PartnerPurchaseResult,
} from '@drawhouse/contract';
import { type Database, type DbOrTx, inTransaction, type Transaction } from '@drawhouse/db';
import {
  blockedReasonsWithActions,
  EMPTY_PARTNER_CART_MESSAGE,
  partnerItemBody,
  partnerPurchaseRefusal,
} from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import type { Phases } from '../../http/idempotency.ts';
import { type KeyClaim, keepFailure, replayStored, storedKey, successText } from '../../http/idempotency.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { cartQueries, createCartService, withLimitBanners } from '../cart/index.ts';
import {
  amountField,
  type CheckoutDeposit,
  type CheckoutPurpose,
  checkoutIdOfDeposit,
  createCheckoutService,
  type createDepositPurchase,
  type DepositPurchaseInput,
  FailedAfterWrite,
  KeyAnswered,
  PurchaseRaced,
} from '../checkout/index.ts';
import type { LimitSettings } from '../limits/index.ts';
import { type PartnerRow, partnersRepository } from './partners.repository.ts';

/** A purchase that raced for stock this often in a row answers what it found last. */
const TRIES = 3;

/** Partner slugs: lower-case letters, digits and hyphens. */
const PARTNER_SLUG = /^[a-z0-9-]{1,100}$/;

export const partnerNotFound = () => notFound('partner_not_found', 'There is no such partner.');

export const emptyPartnerCart = () => new AppError(422, 'partner_cart_empty', EMPTY_PARTNER_CART_MESSAGE);

/** Carries a preview's answer out of the transaction it rolls back. */
class Preview extends Error {
  constructor(readonly view: CartView) {
    super('partner cart preview');
  }
}

/** Carries what a card purchase's checks found out of the savepoint they roll back. */
class Checked extends Error {
  constructor(readonly purpose: CheckoutPurpose) {
    super('partner deposit checked');
  }
}

/** Runs the card purchase's phases once per Idempotency-Key (`idempotency.runInPhases`). */
export type InPhases = <P, M>(
  phases: Phases<P, M, PartnerPurchaseResult>,
) => Promise<{ result: PartnerPurchaseResult }>;

const field = (name: string, message: string, code: string) =>
  validationError(fieldErrors([[name, message, code]]));

export function createPartnersService(deps: {
  db: Database;
  now: () => Date;
  limits: LimitSettings;
  deposits: ReturnType<typeof createDepositPurchase>;
}) {
  const { db, now } = deps;
  const checkout = createCheckoutService(now);

  const cartOn = (tx: DbOrTx) => {
    const queries = cartQueries(tx);
    return createCartService({ ...queries, transaction: (work) => work(queries) }, now);
  };

  /** The cart bodies of a partner's items, or 422 naming the first item the partner cannot sell. */
  async function itemBodies(
    partner: PartnerRow,
    items: readonly PartnerCartItem[],
    prefix: (i: number) => string,
  ) {
    const offers = await partnersRepository(db).offers(items.map((i) => i.lottery));
    return items.map((item, i): CartItemBody => {
      if (!partner.allowedOffers.includes(item.lottery)) {
        throw field(`${prefix(i)}.lottery`, 'This partner does not sell this offer.', 'offer_not_sold');
      }
      const made = partnerItemBody(item, offers.find((o) => o.key === item.lottery)?.facts ?? null);
      if (!made.ok)
        throw field(`${prefix(i)}.${made.field.replace('cart_item.', '')}`, made.message, made.code);
      return made.body;
    });
  }

  /** Sets the customer's open cart aside and puts `item` in a cart of its own: the set-aside cart. */
  async function putOnOwnCart(tx: DbOrTx, customerId: string, item: CartItemBody) {
    const aside = await partnersRepository(tx).setCartAside(customerId);
    await cartOn(tx).putCustomerItem(customerId, item);
    return aside;
  }

  /**
   * Runs `work` (which buys the cart) with `item` on a cart of its own, the customer's cart opened
   * again after it (a throw rolls back with the caller's transaction).
   */
  async function onOwnCart<T>(
    tx: DbOrTx,
    customerId: string,
    item: CartItemBody,
    work: () => Promise<T>,
  ): Promise<T> {
    const aside = await putOnOwnCart(tx, customerId, item);
    const out = await work();
    if (aside) await partnersRepository(tx).restoreCart(aside);
    return out;
  }

  /** What every purchase checks first: a partner item the partner sells, on a channel of its own. */
  async function itemOf(partner: PartnerRow, body: PartnerPurchaseBody): Promise<CartItemBody> {
    if (!body.cartItem) throw emptyPartnerCart();
    const refusal = partnerPurchaseRefusal(partner, { ...body.purchase, offerKey: body.cartItem.lottery });
    if (refusal) throw field(refusal.field, refusal.message, refusal.code);
    const [item] = await itemBodies(partner, [body.cartItem], () => 'cart_item');
    if (!item) throw emptyPartnerCart();
    return item;
  }

  const expectedCentsOf = (body: PartnerPurchaseBody) => {
    const expected = body.purchase.expectedTotal;
    return expected ? amountField('purchase.expected_total', expected.amount, 0) : undefined;
  };

  /**
   * Buys a partner card deposit's item once the deposit posted, in the transaction that posts it (a
   * savepoint: a refusal leaves the money in the wallet and is recorded on the deposit).
   */
  async function completeAfterDeposit(
    tx: Transaction,
    deposit: CheckoutDeposit,
  ): Promise<string | undefined> {
    const { partner: bought, expectedTotalCents } = deposit.purpose;
    if (!bought) return undefined;
    const checkoutId = checkoutIdOfDeposit(deposit.id);
    const partner = await partnersRepository(tx).bySlug(bought.slug);
    if (!partner) throw partnerNotFound();
    const [item] = await itemBodies(partner, [PartnerCartItemSchema.parse(bought.item)], () => 'cart_item');
    if (!item) throw emptyPartnerCart();
    await tx.transaction((inner) =>
      onOwnCart(inner, deposit.customerId, item, async () => {
        const prepared = await checkout.prepare(inner, deposit.customerId, expectedTotalCents);
        await checkout.complete(inner, prepared, { checkoutId, useWallet: true, depositId: deposit.id });
        await partnersRepository(inner).recordPurchase(checkoutId, {
          partnerKey: partner.key,
          channelKey: bought.channelKey,
          metadata: bought.metadata,
        });
      }),
    );
    return checkoutId;
  }

  return {
    completeAfterDeposit,

    async partner(slug: string): Promise<PartnerRow> {
      // A slug of another form (a NUL, a space) names no partner: never asked of the database.
      const partner = PARTNER_SLUG.test(slug) ? await partnersRepository(db).bySlug(slug) : undefined;
      if (!partner) throw partnerNotFound();
      return partner;
    },

    async offersOf(partner: PartnerRow) {
      return partnersRepository(db).offers(partner.allowedOffers);
    },

    /** The partner cart of these items: priced, blocked reasons with actions; nothing is stored. */
    async cart(
      partner: PartnerRow,
      items: readonly PartnerCartItem[],
      customerId: string | null,
    ): Promise<PartnerCart> {
      const bodies = await itemBodies(partner, items, (i) => `cart_items.${i}`);
      let view: CartView;
      try {
        await db.transaction(async (tx) => {
          const carts = cartOn(tx);
          let answer: CartView;
          if (customerId) {
            await partnersRepository(tx).lockAccounts(customerId);
            await partnersRepository(tx).setCartAside(customerId);
            answer = await carts.customerCart(customerId);
            for (const body of bodies) answer = await carts.putCustomerItem(customerId, body);
            answer = await withLimitBanners(tx, customerId, answer, now(), deps.limits);
          } else {
            const { cartToken } = await carts.createAnonymous();
            answer = await carts.anonymousCart(cartToken);
            for (const body of bodies) answer = await carts.putAnonymousItem(cartToken, body);
            answer = { ...answer, expiry: null };
          }
          throw new Preview(answer);
        });
        throw new Error('a partner cart preview committed');
      } catch (error) {
        if (!(error instanceof Preview)) throw error;
        view = error.view;
      }
      return {
        partnerKey: partner.key,
        cart: view,
        blockedReasons: blockedReasonsWithActions(view.blockedReasons),
      };
    },

    /** Buys one partner item from the customer's balance; answers the order (checkout) id. */
    async purchase(
      partner: PartnerRow,
      customerId: string,
      body: PartnerPurchaseBody,
      claim: KeyClaim | undefined,
      locatedCountry: string | null,
    ): Promise<{ orderId: string }> {
      const item = await itemOf(partner, body);
      const expectedTotalCents = expectedCentsOf(body);

      const answered = (stored: Parameters<typeof replayStored>[1]) => {
        if (!claim) throw new Error('a stored answer without a key');
        return replayStored<{ orderId: string }>(claim, stored).result;
      };
      /** Keeps a refusal for the key on its own (the purchase rolled back), then throws it. */
      const keepAlone = async (key: KeyClaim, error: AppError) =>
        (await inTransaction(db, (tx) => keepFailure<{ orderId: string }>(tx.db, key, error, now()))).result;

      if (claim) {
        const stored = await storedKey(db, claim);
        if (stored) return answered(stored);
      }
      const key = claim && {
        claim,
        answerOf: (receipt: { checkoutId: string }) =>
          successText({ status: 200, result: { orderId: receipt.checkoutId } }),
      };
      for (let tries = 1; ; tries++) {
        try {
          return await inTransaction(db, async (tx) => {
            const partners = partnersRepository(tx.db);
            await partners.lockAccounts(customerId);
            return onOwnCart(tx.db, customerId, item, async () => {
              const receipt = await checkout.purchaseFromBalance(
                tx.db,
                customerId,
                { useWallet: true, expectedTotalCents, locatedCountry },
                key,
              );
              await partners.recordPurchase(receipt.checkoutId, {
                ...body.purchase,
                partnerKey: partner.key,
              });
              return { orderId: receipt.checkoutId };
            });
          });
        } catch (error) {
          if (error instanceof KeyAnswered) return answered(error.stored);
          const refusal = error instanceof FailedAfterWrite ? error.refusal : error;
          if (refusal instanceof PurchaseRaced) {
            if (refusal.keyTaken && claim) {
              const stored = await storedKey(db, claim);
              if (stored) return answered(stored);
            }
            if (tries < TRIES) continue;
          }
          if (claim && refusal instanceof AppError && refusal.status < 500) return keepAlone(claim, refusal);
          throw refusal;
        }
      }
    },

    /**
     * Buys one partner item paid by a card deposit then the balance, under `inPhases` (the
     * Idempotency-Key): the order id, or the deposit awaiting its challenge. A decline answers 402
     * and keeps only the declined deposit.
     */
    async purchaseByCard(
      partner: PartnerRow,
      customerId: string,
      body: PartnerPurchaseBody & { deposit: NonNullable<PartnerPurchaseBody['deposit']> },
      idempotencyKey: string | null,
      inPhases: InPhases,
      locatedCountry: string | null,
    ): Promise<PartnerPurchaseResult> {
      const item = await itemOf(partner, body);
      const cartItem = body.cartItem ?? {};
      const { deposit } = body;
      const card = {
        fundId: deposit.depositMethodId,
        amountCents: amountField('deposit.amount', deposit.amount.amount, 1),
        csc: deposit.csc,
        gateway: deposit.gateway,
      };
      const input: DepositPurchaseInput = {
        customerId,
        useWallet: true,
        expectedTotalCents: expectedCentsOf(body),
        deposit: card,
        idempotencyKey,
        locatedCountry,
      };
      const answer = await inPhases({
        prepare: async (tx) => {
          await partnersRepository(tx).lockAccounts(customerId);
          let purpose: CheckoutPurpose;
          try {
            await tx.transaction(async (inner) => {
              await putOnOwnCart(inner, customerId, item);
              throw new Checked(await deps.deposits.purposeOf(inner, input, card));
            });
            throw new Error('a partner deposit check committed');
          } catch (error) {
            if (!(error instanceof Checked)) throw error;
            purpose = error.purpose;
          }
          return deps.deposits.start(tx, input, card, {
            ...purpose,
            partner: {
              slug: partner.slug,
              channelKey: body.purchase.channelKey,
              metadata: body.purchase.metadata,
              item: cartItem,
            },
          });
        },
        outside: (started) => deps.deposits.charge(started),
        finish: async (tx, charged) => {
          const result = await deps.deposits.finish(tx, customerId, charged);
          if (result instanceof AppError) return result;
          if ('deposit' in result) return { status: 200, result: { deposit: result.deposit } };
          return { status: 200, result: { orderId: result.checkoutId } };
        },
      });
      return answer.result;
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;

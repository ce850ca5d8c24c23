/**
 * Partner purchase calls (docs/api/partners.md): the partner's page facts, the partner cart (a priced
 * preview of the chosen item, a visitor's or the customer's) and the purchase of the item from the
 * balance (API 3.2, one Idempotency-Key per page view).
 */
import {
  type Partner,
  type PartnerCart,
  type PartnerCartItem,
  PartnerCartSchema,
  PartnerSchema,
} from '@drawhouse/contract';
import { data } from 'react-router';
import { ApiError, api } from '../../lib/api.server';
import { customerRequest } from '../../lib/customer.server';
import { callerOf, type Visitor } from '../../lib/visitor.server';
import { postPartnerPurchase } from '../checkout/checkout.server';

export const PARTNER_CART_VERSION = '3.3';
/** The channel the shop's partner pages sell on. */
export const WEB_CHANNEL = 'web';

/** The partner of the address; an unknown one (or partner purchase switched off) is the 404 page. */
export async function loadPartner(visitor: Visitor, slug: string): Promise<Partner> {
  try {
    const { result } = await api.request(PartnerSchema, 'main', `/partners/${encodeURIComponent(slug)}`, {
      caller: { ...callerOf(visitor), customerToken: undefined },
    });
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** The chosen item priced as the cart prices it, with blocked reasons; or the API's refusal message. */
export async function previewPartnerCart(
  visitor: Visitor,
  slug: string,
  item: PartnerCartItem,
): Promise<{ ok: true; cart: PartnerCart } | { ok: false; message: string }> {
  const body = { cartItems: [item] };
  try {
    const path = `/cart/partner/${encodeURIComponent(slug)}`;
    const answer = visitor.session
      ? await customerRequest(PartnerCartSchema, visitor, path, {
          method: 'POST',
          body,
          version: PARTNER_CART_VERSION,
        })
      : await api.request(PartnerCartSchema, 'main', `/anon-cart/partner/${encodeURIComponent(slug)}`, {
          method: 'POST',
          body,
          version: PARTNER_CART_VERSION,
          caller: callerOf(visitor),
        });
    return { ok: true, cart: answer.result };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

/** Buys the item from the customer's balance: the order id, or the refusal's message. */
export async function buyPartnerItem(
  visitor: Visitor,
  partner: Pick<Partner, 'slug' | 'key'>,
  item: PartnerCartItem | null,
  attemptKey: string,
): Promise<{ ok: true; orderId: string } | { ok: false; message: string }> {
  try {
    const result = await postPartnerPurchase(
      visitor,
      partner.slug,
      {
        cartItem: item,
        deposit: null,
        purchase: { channelKey: WEB_CHANNEL, partnerKey: partner.key, metadata: {} },
      },
      attemptKey,
    );
    // Paid from the balance, the purchase answers its order (only a card deposit can wait).
    if (!('orderId' in result)) throw new Error('a partner purchase from the balance answered a deposit');
    return { ok: true, orderId: result.orderId };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const field = Object.values(error.fieldErrors)[0]?.[0]?.message;
      return { ok: false, message: field ?? error.message };
    }
    throw error;
  }
}

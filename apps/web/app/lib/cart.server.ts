/**
 * The visitor's cart : an anonymous cart kept by its token in
 * the 14-day `dh_cart` cookie, or the signed-in customer's cart. Every cart call asks for API
 * version 3.3. On sign-in the anonymous cart is converted and its cookie removed.
 */
import { type AutoRemovedItem, CartTokenSchema, type CartView, CartViewSchema } from '@drawhouse/contract';
import { SPEND_LIMIT_REQUIRED_CODE } from '@drawhouse/domain';
import { redirect } from 'react-router';
import {
  type Answer,
  type AnswerSchema,
  type ApiEnvelope,
  ApiError,
  type ApiFieldError,
  api,
} from './api.server';
import { FOURTEEN_DAYS_SECONDS, serializeCookie } from './cookies';
import { customerRequest } from './customer.server';
import { clearCookie, type Flash, flashCookie } from './session.server';
import { callerOf, publicCallerOf, type Visitor } from './visitor.server';

export const CART_COOKIE = 'dh_cart';
export const CART_API_VERSION = '3.3';
/** The cart count shown in the header is kept 20 s. */
export const CART_COUNT_CACHE_MS = 20_000;

/** A cart token as the API hands them out (base64url); anything else is not sent. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export function cartTokenOf(visitor: Visitor): string | undefined {
  const token = visitor.cookies[CART_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

export function cartCookie(token: string, secure: boolean): string {
  return serializeCookie(CART_COOKIE, token, { maxAge: FOURTEEN_DAYS_SECONDS, secure, sameSite: 'Lax' });
}

function forgetCartCookie(visitor: Visitor): void {
  visitor.responseCookies.push(clearCookie(CART_COOKIE, visitor.secure));
  visitor.cookies = { ...visitor.cookies };
  delete visitor.cookies[CART_COOKIE];
}

export function isCartNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code === 'cart_not_found';
}

/** What the header shows of a cart: its item count and the product types it holds. */
export type CartSummary = { count: number; productTypes: CartView['cartItems'][number]['productType'][] };

const EMPTY_CART: CartSummary = { count: 0, productTypes: [] };

function summaryOf(cart: CartView | undefined): CartSummary {
  if (!cart || cart.cartItems.length === 0) return EMPTY_CART;
  return {
    count: cart.cartItems.length,
    productTypes: [...new Set(cart.cartItems.map((i) => i.productType))],
  };
}

/** Cart summaries by cart (customer id or token), kept 20 s; changes write the new summary. */
const counts = new Map<string, CartSummary & { until: number }>();
const MAX_COUNTS = 10_000;

function knownCount(key: string): CartSummary | undefined {
  const entry = counts.get(key);
  if (!entry) return undefined;
  if (entry.until > Date.now()) return entry;
  counts.delete(key);
  return undefined;
}

function countKey(visitor: Visitor): string | undefined {
  if (visitor.signedIn && visitor.customerId) return `customer:${visitor.customerId}`;
  const token = cartTokenOf(visitor);
  return token ? `anon:${token}` : undefined;
}

/**
 * The cart as read or changed in this request: the header's count and the page share one read,
 * as an answer lists its auto-removed items only once.
 */
const requestCarts = new WeakMap<Visitor, Promise<CartView | undefined>>();

export const AUTO_REMOVED_FALLBACK = 'An item was removed from your cart because its draw closed.';

/**
 * What a page other than the cart tells a visitor whose cart just took items out: an answer lists
 * them only once, so the header's read on any page would otherwise swallow the news. The cart pages
 * show them as their own banner instead.
 */
export function autoRemovedFlash(removed: readonly AutoRemovedItem[], path: string): Flash | undefined {
  if (removed.length === 0 || /^\/cart(\/|\?|$)/.test(path)) return undefined;
  const [only] = removed;
  return {
    id: 'cart-auto-removed',
    level: 'info',
    title: 'Your cart changed',
    message:
      removed.length === 1 && only
        ? only.message || AUTO_REMOVED_FALLBACK
        : `${removed.length} items were taken out of your cart because their draws closed.`,
  };
}

function remember(visitor: Visitor, cart: CartView): CartView {
  requestCarts.set(visitor, Promise.resolve(cart));
  const flash = visitor.flash ? undefined : autoRemovedFlash(cart.autoRemovedItems ?? [], visitor.path);
  if (flash) {
    // Shown by this response when it renders a page, else by the next page (the cookie).
    visitor.flash = flash;
    visitor.responseCookies.push(flashCookie(flash, visitor.secure));
  }
  const key = countKey(visitor);
  if (key) {
    counts.delete(key);
    counts.set(key, { ...summaryOf(cart), until: Date.now() + CART_COUNT_CACHE_MS });
    // The oldest entries go first when the map is full.
    while (counts.size > MAX_COUNTS) {
      const oldest = counts.keys().next().value;
      if (oldest === undefined) break;
      counts.delete(oldest);
    }
  }
  return cart;
}

/** A cart call as the anonymous visitor (no customer token), never cached. */
async function anonRequest<S extends AnswerSchema>(
  schema: S,
  visitor: Visitor,
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<ApiEnvelope<Answer<S>>> {
  return api.request(schema, 'main', path, {
    ...options,
    version: CART_API_VERSION,
    cacheMs: 0,
    caller: publicCallerOf(visitor),
  });
}

/** The visitor's cart, or undefined for an anonymous visitor without one (a stale cookie is removed). */
export function loadCart(visitor: Visitor): Promise<CartView | undefined> {
  let load = requestCarts.get(visitor);
  if (!load) {
    load = readCart(visitor);
    requestCarts.set(visitor, load);
  }
  return load;
}

async function readCart(visitor: Visitor): Promise<CartView | undefined> {
  if (visitor.signedIn) {
    const envelope = await customerRequest(CartViewSchema, visitor, '/cart/items', {
      version: CART_API_VERSION,
    });
    return remember(visitor, envelope.result);
  }
  const token = cartTokenOf(visitor);
  if (!token) return undefined;
  try {
    return remember(
      visitor,
      (await anonRequest(CartViewSchema, visitor, `/anon-cart/${encodeURIComponent(token)}`)).result,
    );
  } catch (error) {
    if (!isCartNotFound(error)) throw error;
    forgetCartCookie(visitor);
    return undefined;
  }
}

/**
 * The header's view of the cart: the badge's number of items and the product types it holds (the
 * lotto and social play items link straight to their pages while it holds their kind), from the
 * 20-second cache when known. Never throws.
 */
export async function cartSummary(visitor: Visitor): Promise<CartSummary> {
  const key = countKey(visitor);
  if (!key) return EMPTY_CART;
  const known = knownCount(key);
  if (known !== undefined) return { count: known.count, productTypes: known.productTypes };
  try {
    return summaryOf(await loadCart(visitor));
  } catch (error) {
    // A sign-in redirect or an API failure must not break every page's header.
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return EMPTY_CART;
  }
}

/** The header badge: the number of items. Never throws. */
export async function cartCount(visitor: Visitor): Promise<number> {
  return (await cartSummary(visitor)).count;
}

export type CartChange =
  | { ok: true; cart: CartView }
  | { ok: false; fieldErrors: Record<string, string>; message: string };

function failureOf(error: ApiError): CartChange {
  const fieldErrors: Record<string, string> = {};
  for (const [field, list] of Object.entries(error.fieldErrors) as [string, ApiFieldError[]][]) {
    if (list[0]) fieldErrors[field] = list[0].message;
  }
  return { ok: false, fieldErrors, message: error.message };
}

async function createAnonCart(visitor: Visitor): Promise<string> {
  const envelope = await anonRequest(CartTokenSchema, visitor, '/anon-cart', { method: 'POST' });
  const token = envelope.result.cartToken;
  visitor.responseCookies.push(cartCookie(token, visitor.secure));
  visitor.cookies = { ...visitor.cookies, [CART_COOKIE]: token };
  return token;
}

/**
 * Adds an item (the API's item body) to the visitor's cart: the customer's when signed in, else
 * the anonymous cart, created when missing and created afresh once when the cookie's cart is gone.
 */
export async function addCartItem(visitor: Visitor, item: unknown): Promise<CartChange> {
  try {
    if (visitor.signedIn) {
      const envelope = await customerRequest(CartViewSchema, visitor, '/cart/items', {
        method: 'POST',
        body: item,
        version: CART_API_VERSION,
      });
      return { ok: true, cart: remember(visitor, envelope.result) };
    }
    let token = cartTokenOf(visitor) ?? (await createAnonCart(visitor));
    const post = () =>
      anonRequest(CartViewSchema, visitor, `/anon-cart/${encodeURIComponent(token)}/items`, {
        method: 'POST',
        body: item,
      });
    try {
      return { ok: true, cart: remember(visitor, (await post()).result) };
    } catch (error) {
      if (!isCartNotFound(error)) throw error;
      token = await createAnonCart(visitor);
      return { ok: true, cart: remember(visitor, (await post()).result) };
    }
  } catch (error) {
    // A customer whose state asks for a spend limit first is sent to set one (the page says why).
    if (error instanceof ApiError && error.code === SPEND_LIMIT_REQUIRED_CODE)
      throw redirect(SPEND_LIMITS_PATH);
    if (error instanceof ApiError && error.status < 500) return failureOf(error);
    throw error;
  }
}

/** Where a customer asked to set a spend limit before buying is sent. */
export const SPEND_LIMITS_PATH = '/my-account/spend-limits';

const ITEM_ID = /^[0-9A-Za-z-]{1,64}$/;

const NOT_IN_CART: CartChange = { ok: false, fieldErrors: {}, message: 'That item is not in your cart.' };

/**
 * A change to the visitor's existing cart: `/cart{path}` for a customer, `/anon-cart/{ref}{path}`
 * for a visitor with a cart cookie (a gone cart loses its cookie).
 */
async function changeCart(
  visitor: Visitor,
  path: string,
  options: { method: 'POST' | 'PUT' | 'DELETE'; body?: unknown },
): Promise<CartChange> {
  try {
    if (visitor.signedIn) {
      const envelope = await customerRequest(CartViewSchema, visitor, `/cart${path}`, {
        ...options,
        version: CART_API_VERSION,
      });
      return { ok: true, cart: remember(visitor, envelope.result) };
    }
    const token = cartTokenOf(visitor);
    if (!token) return { ok: false, fieldErrors: {}, message: 'Your cart is empty.' };
    const envelope = await anonRequest(
      CartViewSchema,
      visitor,
      `/anon-cart/${encodeURIComponent(token)}${path}`,
      options,
    );
    return { ok: true, cart: remember(visitor, envelope.result) };
  } catch (error) {
    if (isCartNotFound(error)) forgetCartCookie(visitor);
    if (error instanceof ApiError && error.status < 500) return failureOf(error);
    throw error;
  }
}

/** Removes an item from the visitor's cart. */
export async function removeCartItem(visitor: Visitor, itemId: string): Promise<CartChange> {
  if (!ITEM_ID.test(itemId)) return NOT_IN_CART;
  return changeCart(visitor, `/items/${itemId}`, { method: 'DELETE' });
}

/** Replaces an item's entry (the API's item body), keeping its id: the play screen's Update entry. */
export async function replaceCartItem(visitor: Visitor, itemId: string, item: unknown): Promise<CartChange> {
  if (!ITEM_ID.test(itemId)) return NOT_IN_CART;
  return changeCart(visitor, `/items/${itemId}`, { method: 'PUT', body: item });
}

export const PROMOTION_CODE_MAX_LENGTH = 50;

/** Applies a promo code (API 3.3); a refused code answers the API's `promotion_not_added` message. */
export async function applyPromotion(visitor: Visitor, code: string): Promise<CartChange> {
  const promotionCode = code.trim();
  if (promotionCode === '' || promotionCode.length > PROMOTION_CODE_MAX_LENGTH) {
    const message = 'Please enter a promo code of up to 50 characters.';
    return { ok: false, fieldErrors: { promotionCode: message }, message };
  }
  return changeCart(visitor, '/promotion', { method: 'POST', body: { promotionCode } });
}

export async function removePromotion(visitor: Visitor): Promise<CartChange> {
  return changeCart(visitor, '/promotion', { method: 'DELETE' });
}

/**
 * The order review (/cart/buy): the API checks and prices every item again and answers the cart
 * with what it removed (`auto_removed_items`) and what blocks the purchase (`blocked_reasons`).
 */
export async function buildCart(visitor: Visitor): Promise<CartView> {
  const envelope = await customerRequest(CartViewSchema, visitor, '/cart/build', {
    method: 'POST',
    version: CART_API_VERSION,
  });
  return remember(visitor, envelope.result);
}

/**
 * The customer's cart was bought (the purchase empties it at the API): the header's count and this
 * request's cart are forgotten, so the next page reads the empty cart.
 */
export function forgetBoughtCart(visitor: Visitor): void {
  const key = countKey(visitor);
  if (key) counts.delete(key);
  requestCarts.delete(visitor);
}

/**
 * On sign-in the anonymous cart is converted and its cookie removed. Called once the new
 * session is set; a failure leaves the sign-in alone (a gone cart only loses its cookie).
 */
export async function convertCartOnSignIn(visitor: Visitor): Promise<void> {
  const token = cartTokenOf(visitor);
  if (visitor.cookies[CART_COOKIE] === undefined) return;
  if (token && visitor.signedIn) {
    try {
      const envelope = await api.request(
        CartViewSchema,
        'main',
        `/anon-cart/${encodeURIComponent(token)}/convert`,
        {
          method: 'POST',
          version: CART_API_VERSION,
          cacheMs: 0,
          caller: callerOf(visitor),
        },
      );
      remember(visitor, envelope.result);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        console.error('cart convert failed', error);
      }
      if (error instanceof ApiError && !isCartNotFound(error)) return;
    }
  }
  counts.delete(`anon:${token}`);
  forgetCartCookie(visitor);
}

/**
 * `POST /v2/cart/replay/{orderId}`: a past order's entries put back in the customer's cart; what
 * could not be put back is in the answer's `auto_removed_items`. A replay of the same order while its
 * items are in the cart adds nothing.
 */
export async function replayOrder(visitor: Visitor, orderId: string): Promise<CartView> {
  const { result } = await customerRequest(
    CartViewSchema,
    visitor,
    `/cart/replay/${encodeURIComponent(orderId)}`,
    {
      method: 'POST',
      version: CART_API_VERSION,
    },
  );
  return remember(visitor, result);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnswerSchema,
  type ApiEnvelope,
  ApiError,
  api,
  type RequestOptions,
  type ServiceName,
} from './api.server';
import {
  addCartItem,
  applyPromotion,
  autoRemovedFlash,
  CART_COOKIE,
  cartCount,
  cartSummary,
  convertCartOnSignIn,
  loadCart,
  removePromotion,
  replaceCartItem,
} from './cart.server';
import { readVisitor } from './visitor.server';

const TOKEN = 'a'.repeat(43);
const FRESH = 'b'.repeat(43);

function visitor(cookie = '') {
  return readVisitor(new Request('http://shop.example/cart/add', { headers: { Cookie: cookie } })).visitor;
}

function cart(items: number) {
  return {
    cartItems: Array.from({ length: items }, (_, i) => ({ id: `item-${i}` })),
    cartTotal: { amount: 0, currency: 'AUD' },
    preOrderTotal: { amount: 0, currency: 'AUD' },
  };
}

const notFound = () =>
  new ApiError({
    status: 404,
    code: 'cart_not_found',
    message: 'No such cart',
    url: 'http://api/v2/anon-cart',
  });

type Call = { path: string; method: string; version?: string; body?: unknown };

function fakeApi(handler: (path: string, options: RequestOptions) => unknown) {
  const calls: Call[] = [];
  vi.spyOn(api, 'request').mockImplementation(
    async (_schema: AnswerSchema, _service: ServiceName, path: string, options: RequestOptions = {}) => {
      calls.push({ path, method: options.method ?? 'GET', version: options.version, body: options.body });
      const result = await handler(path, options);
      return { result, messages: [] } as unknown as ApiEnvelope<never>;
    },
  );
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('addCartItem', () => {
  it('creates an anonymous cart with a 14-day httpOnly cookie when there is none', async () => {
    const calls = fakeApi((path) => (path === '/anon-cart' ? { cartToken: TOKEN } : cart(1)));
    const v = visitor();
    const result = await addCartItem(v, { lottery: 'powerball' });
    expect(result.ok).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.version}`)).toEqual([
      'POST /anon-cart 3.3',
      `POST /anon-cart/${TOKEN}/items 3.3`,
    ]);
    const cookie = v.responseCookies.find((c) => c.startsWith(`${CART_COOKIE}=`)) ?? '';
    expect(cookie).toContain('Max-Age=1209600');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('starts a fresh cart and retries once when the cookie names a cart that is gone', async () => {
    const calls = fakeApi((path) => {
      if (path === `/anon-cart/${TOKEN}/items`) throw notFound();
      if (path === '/anon-cart') return { cartToken: FRESH };
      return cart(1);
    });
    const v = visitor(`${CART_COOKIE}=${TOKEN}`);
    const result = await addCartItem(v, {});
    expect(result.ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual([
      `/anon-cart/${TOKEN}/items`,
      '/anon-cart',
      `/anon-cart/${FRESH}/items`,
    ]);
    expect(v.responseCookies.some((c) => c.startsWith(`${CART_COOKIE}=${FRESH}`))).toBe(true);
  });

  it('answers field errors for a refused item', async () => {
    fakeApi(() => {
      throw new ApiError({
        status: 400,
        code: 'validation_error',
        message: 'The item is not valid',
        url: 'http://api/v2/anon-cart/x/items',
        fieldErrors: { num_games: [{ code: 'too_big', message: 'At most 100 games' }] },
      });
    });
    const result = await addCartItem(visitor(`${CART_COOKIE}=${TOKEN}`), {});
    expect(result).toEqual({
      ok: false,
      fieldErrors: { num_games: 'At most 100 games' },
      message: 'The item is not valid',
    });
  });
});

describe('cartCount', () => {
  it('is 0 without a cart and drops a stale cookie', async () => {
    expect(await cartCount(visitor())).toBe(0);
    fakeApi(() => {
      throw notFound();
    });
    const v = visitor(`${CART_COOKIE}=${'c'.repeat(43)}`);
    expect(await cartCount(v)).toBe(0);
    expect(v.responseCookies.some((c) => c.startsWith(`${CART_COOKIE}=;`))).toBe(true);
  });
});

describe('cartSummary', () => {
  it('names the product types the cart holds, also when the count comes from the 20-second cache', async () => {
    const calls = fakeApi((path) =>
      path === '/anon-cart'
        ? { cartToken: 'e'.repeat(43) }
        : {
            ...cart(0),
            cartItems: [
              { id: 'a', productType: 'lottery_ticket' },
              { id: 'b', productType: 'lottery_ticket' },
              { id: 'c', productType: 'syndicate_share' },
            ],
          },
    );
    const cookie = `${CART_COOKIE}=${'e'.repeat(43)}`;
    expect(await cartSummary(visitor(cookie))).toEqual({
      count: 3,
      productTypes: ['lottery_ticket', 'syndicate_share'],
    });
    // Another request within 20 s: from the cache, the same kinds.
    expect(await cartSummary(visitor(cookie))).toEqual({
      count: 3,
      productTypes: ['lottery_ticket', 'syndicate_share'],
    });
    expect(calls).toHaveLength(1);
  });
});

describe('loadCart', () => {
  it('reads the cart once per request, so the header count and the page see the same answer', async () => {
    const calls = fakeApi(() => ({ ...cart(0), autoRemovedItems: [{ id: 'gone', reason: 'draw_closed' }] }));
    // A cart of its own: the 20-second counts are kept across tests.
    const v = visitor(`${CART_COOKIE}=${'d'.repeat(43)}`);
    const [count, page] = await Promise.all([cartCount(v), loadCart(v)]);
    expect(count).toBe(0);
    expect(page?.autoRemovedItems).toEqual([{ id: 'gone', reason: 'draw_closed' }]);
    expect(calls).toHaveLength(1);
  });
});

describe('auto-removed items away from the cart', () => {
  const removed = {
    id: 'x',
    reason: 'draw_closed',
    description: 'Powerball – 1 game',
    message: 'Entries closed for the draw of Powerball: 1 game, so it was taken out of your cart.',
  };
  it('become a one-time notice on other pages, not on the cart pages', () => {
    expect(autoRemovedFlash([removed], '/powerball')).toMatchObject({
      id: 'cart-auto-removed',
      message: removed.message,
    });
    expect(autoRemovedFlash([removed, { ...removed, id: 'y' }], '/')?.message).toBe(
      '2 items were taken out of your cart because their draws closed.',
    );
    expect(autoRemovedFlash([removed], '/cart')).toBeUndefined();
    expect(autoRemovedFlash([removed], '/cart/buy')).toBeUndefined();
    expect(autoRemovedFlash([], '/powerball')).toBeUndefined();
  });

  it('are kept in the flash cookie when the header read them', async () => {
    fakeApi(() => ({ ...cart(1), autoRemovedItems: [removed] }));
    const v = readVisitor(
      // A cart of its own: the 20-second count cache must not answer for it.
      new Request('http://shop.example/powerball', {
        headers: { Cookie: `${CART_COOKIE}=${'c'.repeat(43)}` },
      }),
    ).visitor;
    expect(await cartCount(v)).toBe(1);
    expect(v.flash?.message).toBe(removed.message);
    expect(v.responseCookies.some((c) => c.startsWith('dh_flash='))).toBe(true);
  });
});

describe('convertCartOnSignIn', () => {
  it('does nothing without a cart cookie', async () => {
    const calls = fakeApi(() => cart(0));
    await convertCartOnSignIn(visitor());
    expect(calls).toEqual([]);
  });
});

describe('replaceCartItem', () => {
  it('puts the new entry on the anonymous cart item', async () => {
    const calls = fakeApi(() => cart(1));
    const result = await replaceCartItem(visitor(`${CART_COOKIE}=${TOKEN}`), 'item-0', {
      lottery: 'powerball',
    });
    expect(result.ok).toBe(true);
    expect(calls).toEqual([
      {
        path: `/anon-cart/${TOKEN}/items/item-0`,
        method: 'PUT',
        version: '3.3',
        body: { lottery: 'powerball' },
      },
    ]);
  });

  it('refuses an item id that is not one without calling the API', async () => {
    const calls = fakeApi(() => cart(1));
    const result = await replaceCartItem(visitor(`${CART_COOKIE}=${TOKEN}`), '../x', {});
    expect(result.ok).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('promotions', () => {
  it('applies a trimmed code to the anonymous cart and removes it', async () => {
    const calls = fakeApi(() => cart(1));
    const v = visitor(`${CART_COOKIE}=${TOKEN}`);
    expect((await applyPromotion(v, '  welcome5 ')).ok).toBe(true);
    expect((await removePromotion(v)).ok).toBe(true);
    expect(calls).toEqual([
      {
        path: `/anon-cart/${TOKEN}/promotion`,
        method: 'POST',
        version: '3.3',
        body: { promotionCode: 'welcome5' },
      },
      { path: `/anon-cart/${TOKEN}/promotion`, method: 'DELETE', version: '3.3', body: undefined },
    ]);
  });

  it("answers the API's promotion_not_added message", async () => {
    fakeApi(() => {
      throw new ApiError({
        status: 400,
        code: 'promotion_not_added',
        message: 'The promotion code SPRING10 has expired.',
        url: 'http://api/v2/anon-cart/x/promotion',
      });
    });
    const result = await applyPromotion(visitor(`${CART_COOKIE}=${TOKEN}`), 'SPRING10');
    expect(result).toEqual({
      ok: false,
      fieldErrors: {},
      message: 'The promotion code SPRING10 has expired.',
    });
  });

  it('refuses an empty or too long code and a visitor without a cart', async () => {
    const calls = fakeApi(() => cart(1));
    expect((await applyPromotion(visitor(`${CART_COOKIE}=${TOKEN}`), '  ')).ok).toBe(false);
    expect((await applyPromotion(visitor(`${CART_COOKIE}=${TOKEN}`), 'x'.repeat(51))).ok).toBe(false);
    expect(await applyPromotion(visitor(), 'WELCOME5')).toMatchObject({
      ok: false,
      message: 'Your cart is empty.',
    });
    expect(calls).toEqual([]);
  });
});

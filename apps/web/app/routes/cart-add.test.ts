import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnswerSchema,
  type ApiEnvelope,
  ApiError,
  api,
  type RequestOptions,
  type ServiceName,
} from '../lib/api.server';
import { CART_COOKIE } from '../lib/cart.server';
import { readVisitor, type Visitor, visitorContext } from '../lib/visitor.server';
import { action } from './cart-add';

const TOKEN = 'a'.repeat(43);
const CART = { cartItems: [{ id: 'item-1' }], cartTotal: { amount: 1, currency: 'AUD' } };

function fakeApi() {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.spyOn(api, 'request').mockImplementation(
    async (_schema: AnswerSchema, _service: ServiceName, path: string, options: RequestOptions = {}) => {
      calls.push({ path, method: options.method ?? 'GET', body: options.body });
      return { result: CART, messages: [] } as unknown as ApiEnvelope<never>;
    },
  );
  return calls;
}

async function send(cookie: string, form: Record<string, string>) {
  const request = new Request('http://shop.example/cart/add', {
    method: 'POST',
    headers: { Cookie: cookie },
    body: new URLSearchParams(form),
  });
  const { visitor } = readVisitor(request);
  const context = new RouterContextProvider();
  context.set(visitorContext, visitor);
  const answer = await action({
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: '/cart/add',
  });
  return { visitor, answer };
}

async function post(cookie: string, form: Record<string, string>): Promise<Visitor> {
  return (await send(cookie, form)).visitor;
}

afterEach(() => vi.restoreAllMocks());

describe('POST /cart/add', () => {
  it('sends the aff cookie as the affiliate code of a new item and clears the cookie after', async () => {
    const calls = fakeApi();
    const visitor = await post(`${CART_COOKIE}=${TOKEN}; aff=abc; utm=utm_source%3Dnews`, {
      item: JSON.stringify({ lottery: 'powerball' }),
    });
    expect(calls).toEqual([
      {
        path: `/anon-cart/${TOKEN}/items`,
        method: 'POST',
        body: { lottery: 'powerball', affiliate_code: 'abc' },
      },
      // The placement service hears what the cart holds now.
      {
        path: '/placement/cart/prime',
        method: 'POST',
        body: { segmentUserId: undefined, segmentDeviceId: visitor.deviceId, cart: TOKEN },
      },
    ]);
    expect(visitor.responseCookies).toContainEqual(expect.stringMatching(/^aff=; .*Max-Age=0/));
    expect(visitor.responseCookies.some((c) => c.startsWith('utm='))).toBe(false);
  });

  it('replaces the item named by itemId, without an affiliate code', async () => {
    const calls = fakeApi();
    const visitor = await post(`${CART_COOKIE}=${TOKEN}; aff=abc`, {
      item: JSON.stringify({ lottery: 'powerball' }),
      itemId: 'item-1',
    });
    expect(calls).toEqual([
      { path: `/anon-cart/${TOKEN}/items/item-1`, method: 'PUT', body: { lottery: 'powerball' } },
    ]);
    expect(visitor.responseCookies.some((c) => c.startsWith('aff='))).toBe(false);
  });

  it('answers an item the API refuses as an answer for the panel (200), with its field errors', async () => {
    const message = 'The minimum jackpot must be more than $0.';
    vi.spyOn(api, 'request').mockRejectedValue(
      new ApiError({
        status: 422,
        code: 'validation_error',
        message,
        url: '/v2/anon-cart/items',
        fieldErrors: { minimumJackpotAmount: [{ code: 'invalid', message }] },
      }),
    );
    const refused = await send(`${CART_COOKIE}=${TOKEN}`, { item: JSON.stringify({ lottery: 'powerball' }) });
    expect(refused.answer.init?.status).toBeUndefined();
    expect(refused.answer.data).toEqual({
      ok: false,
      message,
      fieldErrors: { minimumJackpotAmount: message },
    });
    const unread = await send(`${CART_COOKIE}=${TOKEN}`, { item: 'not json' });
    expect(unread.answer.init?.status).toBe(400);
  });

  it('adds the item when the placement service fails (its prime is advisory)', async () => {
    vi.spyOn(api, 'request').mockImplementation(
      async (_schema: AnswerSchema, _service: ServiceName, path: string) => {
        if (path === '/placement/cart/prime') throw new Error('placement service down');
        return { result: CART, messages: [] } as unknown as ApiEnvelope<never>;
      },
    );
    const added = await send(`${CART_COOKIE}=${TOKEN}`, { item: JSON.stringify({ lottery: 'powerball' }) });
    expect(added.answer.data).toEqual({ ok: true, cart: CART, recommended: [] });
  });
});

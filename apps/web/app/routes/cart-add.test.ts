import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnswerSchema,
  type ApiEnvelope,
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

async function post(cookie: string, form: Record<string, string>): Promise<Visitor> {
  const request = new Request('http://shop.example/cart/add', {
    method: 'POST',
    headers: { Cookie: cookie },
    body: new URLSearchParams(form),
  });
  const { visitor } = readVisitor(request);
  const context = new RouterContextProvider();
  context.set(visitorContext, visitor);
  await action({ request, context, params: {}, url: new URL(request.url), pattern: '/cart/add' });
  return visitor;
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
});

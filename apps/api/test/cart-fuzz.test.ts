/**
 * Property-based fuzzing of the cart and favourite-numbers APIs (docs/api/cart.md, docs/api/accounts.md
 * "Favourite numbers"): malformed and adversarial bodies and paths, built by fast-check from a mix of
 * valid-looking fields and garbage. The house rule: every answer is below 500, a refusal is a JSON
 * failure envelope with `error.code`, and a refused call leaves the cart (or the saved list) as it was.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH } from '../src/http/limits.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { cartCalls, cents, PB_ITEM } from './cart-helpers.ts';
import { getTestApp } from './helpers.ts';

const app = await getTestApp();
const { cartCall, newAnonCart } = cartCalls(app);

/** Runs per property: enough to shake out the shapes, short enough to stay fast (FUZZ_RUNS=2000: longer). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 90);

// ---------------------------------------------------------------------------------------------------
// JSON bodies written by hand, so keys such as `__proto__` reach the server as sent and number
// literals JSON.stringify cannot write (1e400) can be sent.

class Raw {
  constructor(readonly text: string) {}
}
class Obj {
  constructor(readonly entries: readonly (readonly [string, Json])[]) {}
}
type Json = null | boolean | number | string | Raw | Obj | Json[];

function jsonText(value: Json): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Obj) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** A body: JSON text, or (rarely) no body at all. */
type Body = { text: string } | undefined;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call with a hand-written JSON body (sent as is, content type JSON), API version 3.3. */
function send(method: Method, url: string, body: Body, token?: string): Promise<LightMyRequestResponse> {
  return call(app, url, {
    method,
    headers: {
      'x-api-version': '3.3',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body: body.text } : {}),
  });
}

/** Every answer: below 500, JSON; a 4xx is the failure envelope with its code. */
function expectHandled(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 500)}`).toBeLessThan(500);
  let parsed: unknown;
  expect(
    () => {
      parsed = JSON.parse(res.body);
    },
    `${label}: not JSON: ${res.body.slice(0, 200)}`,
  ).not.toThrow();
  if (res.statusCode >= 400) {
    const envelope = parsed as { error?: { code?: unknown; status?: unknown }; messages?: unknown };
    expect(typeof envelope.error?.code, `${label}: ${res.body.slice(0, 300)}`).toBe('string');
    expect(envelope.error?.status, label).toBe(res.statusCode);
    expect(Array.isArray(envelope.messages), label).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries: garbage of every JSON type, and valid-looking fields mixed with it.

const LOTTERIES = [
  'powerball',
  'oz-lotto',
  'super-66',
  'monday-wednesday-lotto',
  'lotto-strike',
  'coastal-prize-home',
  'bush-rescue-car-raffle',
  'powerball-syndicate',
  'oz-lotto-syndicate',
  'daily-winners',
];
const GAME_TYPES = [
  'standard',
  'system',
  'reduced_system',
  'powerhit',
  'sequential',
  'strike_standard',
  'strike_boxed',
  'random',
  'syndicate',
  'deferred',
];
const GAME_OFFERS = [
  'powerball-standard',
  'powerball-system-8',
  'powerball-powerhit',
  'powerball-random',
  'oz-lotto-standard',
  'monday-wednesday-lotto-standard',
  'super-66-sequential',
  'lotto-strike-strike-standard',
  'lotto-strike-boxed',
  'powerball-syndicate-share',
  'daily-winners-monthly',
  'daily-winners-annually',
];

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'powerball\u0000',
  '\u0000powerball',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Epowerball',
  'POWERBALL',
  ' powerball ',
  'Powerball',
  '😀'.repeat(60),
  'é'.repeat(101),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '../..',
  '%00',
  '%2e%2e%2f',
  "'; DROP TABLE carts; --",
  ['$', '{7*7}'].join(''),
  '{{7*7}}',
  'x'.repeat(101),
  'x'.repeat(20_000),
  '1',
  '1.5',
  'null',
  'true',
  '[]',
  '{}',
);
const anyString = fc.oneof(
  { arbitrary: nastyStrings, weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
);
const oddNumbers = fc.constantFrom(
  -1,
  -0,
  0,
  0.5,
  1.5,
  -2.25,
  1e-9,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
);
const rawNumbers = fc
  .constantFrom(
    '1e400',
    '-1e400',
    '1e-400',
    '123456789012345678901234567890',
    '1.0',
    '-0',
    '7.0000000000000001',
    '1E2',
  )
  .map((t) => new Raw(t));
const anyNumber = fc.oneof(oddNumbers, rawNumbers, fc.integer(), fc.double());

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'to_string',
  'value_of',
  'to_j_s_o_n',
  'has_own_property',
  'kind',
  'syndicate',
  'book',
  'membership_offer',
  'unit_price',
  'price',
  'total_price',
  'quantity',
  'id',
  'cart_id',
  'customer_id',
  'status',
  'payload',
  'lottery',
  'games',
  'num_draws',
];
const extraKey = fc.oneof(
  { arbitrary: fc.constantFrom(...EXTRA_KEYS), weight: 3 },
  { arbitrary: anyString, weight: 1 },
);

const { garbage } = fc.letrec<{ garbage: Json }>((tie) => ({
  garbage: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constant(null),
    fc.boolean(),
    anyNumber,
    anyString,
    fc.array(tie('garbage'), { maxLength: 4 }),
    fc.constant<Json>([[[[[]]]]]),
    fc.array(fc.tuple(extraKey, tie('garbage')), { maxLength: 4 }).map((entries) => new Obj(entries)),
  ),
}));

/** Mostly the valid-looking value, sometimes garbage. */
function mix<T extends Json>(valid: fc.Arbitrary<T>): fc.Arbitrary<Json> {
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: garbage, weight: 1 });
}

/** An object body: the chosen fields (each may be missing), then extra keys, in a shuffled order. */
function objectBody(fields: Record<string, fc.Arbitrary<Json>>): fc.Arbitrary<Obj> {
  const named = Object.entries(fields).map(([key, arb]) =>
    fc.option(
      arb.map((v) => [key, v] as const),
      { nil: undefined, freq: 4 },
    ),
  );
  return fc
    .tuple(fc.tuple(...named), fc.array(fc.tuple(extraKey, garbage), { maxLength: 3 }))
    .chain(([chosen, extras]) => {
      const entries = [...chosen.filter((e) => e !== undefined), ...extras];
      return fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length });
    })
    .map((entries) => new Obj(entries));
}

/** The body as sent: mostly the object, sometimes another JSON value, broken JSON or none. */
function bodyOf(obj: fc.Arbitrary<Obj>): fc.Arbitrary<Body> {
  return fc.oneof(
    { arbitrary: obj.map((o) => ({ text: jsonText(o) })), weight: 10 },
    { arbitrary: garbage.map((g) => ({ text: jsonText(g) })), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"lottery":',
          '{"a":1,}',
          "{'lottery':'powerball'}",
          'undefined',
          'NaN',
          '\u0000',
          '[1,2',
        )
        .map((text) => ({ text })),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

const slot = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 47 }), weight: 6 },
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: garbage, weight: 1 },
);
const slots = mix(fc.array(slot, { maxLength: 9 }));
const game = mix(objectBody({ numbers: slots, powerball: fc.oneof(slot, slots), favourites: slots }));
const recurring = mix(
  objectBody({
    type: mix(fc.constantFrom('autoplay', 'subscription', 'Autoplay', 'never')),
    enabled: mix(fc.boolean()),
  }),
);

const lotteryItem = objectBody({
  lottery: mix(fc.constantFrom(...LOTTERIES)),
  game_type: mix(fc.constantFrom(...GAME_TYPES)),
  game_offer: mix(fc.constantFrom(...GAME_OFFERS)),
  games: mix(fc.array(game, { maxLength: 4 })),
  quickpick: mix(fc.boolean()),
  num_games: mix(fc.integer({ min: -2, max: 110 })),
  num_draws: mix(fc.integer({ min: -2, max: 60 })),
  first_draw_no: mix(fc.integer({ min: -1, max: 2_000 })),
  day: mix(fc.constantFrom('monday', 'wednesday', 'Monday', 'sunday', 'funday')),
  cause_key: mix(fc.constantFrom('coastal-kids', 'bush-rescue')),
  recurring_purchase: recurring,
  affiliate_code: mix(anyString),
});

const raffleItem = objectBody({
  lottery: mix(fc.constantFrom('coastal-prize-home', 'bush-rescue-car-raffle', 'powerball')),
  book: mix(fc.constantFrom(1, 3, 10, 30, 0, 7, 1_000_000, 250_001)),
  cause_key: mix(fc.constantFrom('coastal-kids', 'bush-rescue')),
  first_draw_no: mix(fc.integer({ min: -1, max: 60 })),
  affiliate_code: mix(anyString),
});

const syndicateItem = objectBody({
  syndicate: mix(fc.constantFrom('powerball-syndicate', 'oz-lotto-syndicate', 'powerball', 'daily-winners')),
  num_shares: mix(fc.integer({ min: -1, max: 80 })),
  num_draws: mix(fc.integer({ min: -1, max: 60 })),
  first_draw_no: mix(fc.integer({ min: -1, max: 2_000 })),
  recurring_purchase: recurring,
  affiliate_code: mix(anyString),
});

const membershipItem = objectBody({
  membership_program: mix(fc.constantFrom('daily-winners', 'powerball', 'daily-winners-monthly')),
  membership_offer: mix(
    fc.constantFrom(
      'daily-winners-monthly',
      'daily-winners-quarterly',
      'daily-winners-weekly',
      'powerball-standard',
    ),
  ),
  affiliate_code: mix(anyString),
});

const itemBody = bodyOf(fc.oneof(lotteryItem, raffleItem, syndicateItem, membershipItem));

/** Item bodies the cart accepts (checked below), one of each kind and shape. */
const VALID_ITEMS: Record<string, Json>[] = [
  {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    games: [
      new Obj([
        ['numbers', [1, 2, 3, 4, 5, 6, 7]],
        ['powerball', 8],
      ]),
    ],
    num_draws: 1,
  },
  {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    quickpick: true,
    num_games: 3,
    num_draws: 2,
  },
  {
    lottery: 'monday-wednesday-lotto',
    game_type: 'standard',
    game_offer: 'monday-wednesday-lotto-standard',
    quickpick: true,
    num_draws: 1,
    day: 'wednesday',
  },
  {
    lottery: 'super-66',
    game_type: 'sequential',
    game_offer: 'super-66-sequential',
    quickpick: true,
    num_draws: 1,
  },
  { lottery: 'coastal-prize-home', book: 10, cause_key: 'coastal-kids' },
  { syndicate: 'powerball-syndicate', num_shares: 2, num_draws: 1 },
  { membership_program: 'daily-winners', membership_offer: 'daily-winners-quarterly' },
];
const ITEM_FIELDS = [
  'lottery',
  'game_type',
  'game_offer',
  'games',
  'quickpick',
  'num_games',
  'num_draws',
  'first_draw_no',
  'day',
  'cause_key',
  'recurring_purchase',
  'affiliate_code',
  'book',
  'syndicate',
  'num_shares',
  'membership_program',
  'membership_offer',
];
const fieldValue: fc.Arbitrary<Json> = fc.oneof(
  garbage,
  fc.constantFrom(...LOTTERIES, ...GAME_TYPES, ...GAME_OFFERS, 'monday', 'wednesday', 'coastal-kids'),
  fc.integer({ min: -1, max: 60 }),
  fc.array(game, { maxLength: 3 }),
  recurring,
);

/** A valid item with one to three fields changed (to garbage or another valid-looking value) or dropped. */
const nearValidItem = fc
  .tuple(
    fc.constantFrom(...VALID_ITEMS),
    fc.array(
      fc.tuple(fc.oneof(fc.constantFrom(...ITEM_FIELDS), extraKey), fc.option(fieldValue, { freq: 5 })),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  )
  .map(([base, changes]) => {
    const fields = new Map<string, Json>(Object.entries(base));
    for (const [key, value] of changes) {
      if (value === null) fields.delete(key);
      else fields.set(key, value);
    }
    return new Obj([...fields]);
  });

// ---------------------------------------------------------------------------------------------------
// The carts under test: an anonymous cart and a customer's cart, each holding an item and a code.

type CartAnswer = {
  cart_items: { id: string; total_price: { amount: number } }[];
  cart_total: { amount: number };
  promotion: unknown;
};

let customer: TestCustomer;
let anonRef: string;
let anonItemId: string;
let customerItemId: string;

const anonUrl = () => `/v2/anon-cart/${anonRef}`;

async function anonCart(): Promise<CartAnswer> {
  const res = await cartCall(anonUrl());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

async function customerCart(): Promise<CartAnswer> {
  const res = await cartCall('/v2/cart/items', { token: customer.access_token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** The last answer seen of each cart: a refusal must leave it exactly so. */
const seen: { anon?: CartAnswer; customer?: CartAnswer } = {};

/**
 * Checks an answer of a call on a cart: handled; after a refusal the cart reads as before, after a
 * success the cart reads as the answer said.
 */
async function expectCartKept(which: 'anon' | 'customer', res: LightMyRequestResponse, label: string) {
  expectHandled(res, label);
  const now = which === 'anon' ? await anonCart() : await customerCart();
  if (res.statusCode >= 400) {
    expect(now, `${label}: the cart changed after ${res.statusCode} ${res.body.slice(0, 300)}`).toEqual(
      seen[which],
    );
  } else {
    expect(res.statusCode, label).toBe(200);
    expect(now.cart_items, label).toEqual(res.json().result.cart_items);
    seen[which] = now;
  }
}

beforeAll(async () => {
  customer = await newCustomer(app);
  anonRef = await newAnonCart();
  const added = await cartCall(`${anonUrl()}/items`, { method: 'POST', body: PB_ITEM });
  expect(added.statusCode, added.body).toBe(200);
  anonItemId = added.json().result.cart_items[0].id;
  const promo = await cartCall(`${anonUrl()}/promotion`, {
    method: 'POST',
    body: { promotion_code: 'TENOFF' },
  });
  expect(promo.statusCode, promo.body).toBe(200);
  seen.anon = await anonCart();

  const mine = await cartCall('/v2/cart/items', {
    method: 'POST',
    body: PB_ITEM,
    token: customer.access_token,
  });
  expect(mine.statusCode, mine.body).toBe(200);
  customerItemId = mine.json().result.cart_items[0].id;
  seen.customer = await customerCart();
});

type Target = { which: 'anon' | 'customer'; method: 'POST' | 'PUT'; url: () => string; token?: () => string };

const ITEM_TARGETS: Target[] = [
  { which: 'anon', method: 'POST', url: () => `${anonUrl()}/items` },
  { which: 'anon', method: 'PUT', url: () => `${anonUrl()}/items/${anonItemId}` },
  { which: 'customer', method: 'POST', url: () => '/v2/cart/items', token: () => customer.access_token },
  {
    which: 'customer',
    method: 'PUT',
    url: () => `/v2/cart/items/${customerItemId}`,
    token: () => customer.access_token,
  },
];

async function fuzzItems(bodies: fc.Arbitrary<Body>) {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...ITEM_TARGETS), bodies, async (target, body) => {
      const res = await send(target.method, target.url(), body, target.token?.());
      await expectCartKept(target.which, res, `${target.method} ${target.which} ${body?.text.slice(0, 300)}`);
    }),
    { numRuns: RUNS },
  );
}

describe('cart items: malformed and adversarial bodies', () => {
  it('any item body (lottery, raffle, syndicate, membership or garbage) is handled; a refusal changes nothing', async () => {
    await fuzzItems(itemBody);
  });

  it('the valid items the mutations start from are accepted', async () => {
    const ref = await newAnonCart();
    for (const body of VALID_ITEMS) {
      const text = jsonText(new Obj(Object.entries(body)));
      const res = await send('POST', `/v2/anon-cart/${ref}/items`, { text });
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
    }
  });

  it('valid items with one to three fields changed or dropped', async () => {
    await fuzzItems(bodyOf(nearValidItem));
  });

  it('lottery item bodies', async () => {
    await fuzzItems(bodyOf(lotteryItem));
  });

  it('raffle and syndicate item bodies', async () => {
    await fuzzItems(bodyOf(fc.oneof(raffleItem, syndicateItem)));
  });

  it('membership item bodies', async () => {
    await fuzzItems(bodyOf(membershipItem));
  });
});

describe('NUL characters in text that reaches the database', () => {
  // Regression: PostgreSQL cannot take a NUL in text, so these were 500s from the failed query.
  it('a NUL in an offer key or affiliate code of an item is a 400 field error, the cart unchanged', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lottery: '\u0000', book: 1 }, 'lottery'],
      [{ ...PB_ITEM, lottery: 'powerball\u0000' }, 'lottery'],
      [{ ...PB_ITEM, game_offer: 'powerball-standard\u0000' }, 'game_offer'],
      [{ ...PB_ITEM, affiliate_code: 'abc\u0000' }, 'affiliate_code'],
      [{ syndicate: 'powerball-syndicate\u0000', num_shares: 1 }, 'syndicate'],
      [{ membership_program: 'daily-winners', membership_offer: '\u0000' }, 'membership_offer'],
    ];
    for (const [body, field] of cases) {
      for (const target of ITEM_TARGETS) {
        const res = await send(target.method, target.url(), { text: JSON.stringify(body) }, target.token?.());
        const label = `${target.method} ${target.which} ${JSON.stringify(body)}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json().error.code, label).toBe('validation_error');
        expect(Object.keys(res.json().errors), label).toEqual([field]);
        await expectCartKept(target.which, res, label);
      }
    }
  });

  it('a promotion code with a NUL is a 400 validation_error; the applied code stays', async () => {
    const res = await cartCall(`${anonUrl()}/promotion`, {
      method: 'POST',
      body: { promotion_code: 'welcome5\u0000' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().errors.promotion_code).toBeDefined();
    await expectCartKept('anon', res, 'promotion with NUL');
    expect(seen.anon?.promotion).not.toBeNull();
  });
});

describe('deep and large bodies', () => {
  it('bodies nested hundreds or thousands of levels deep are refused (400) and change nothing', async () => {
    // Deep but within an item's body limit (past it the answer is 413, tested below).
    const depth = 2_000;
    const bodies = [
      `{"lottery":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      `{"games":[${'{"numbers":'.repeat(depth)}1${'}'.repeat(depth)}]}`,
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
    ];
    for (const text of bodies) {
      for (const target of ITEM_TARGETS) {
        const res = await send(target.method, target.url(), { text }, target.token?.());
        expect(res.statusCode, res.body).toBe(400);
        await expectCartKept(target.which, res, `${target.method} ${target.which} ${text.slice(0, 40)}`);
      }
    }
  });

  it('a body over the size limit is 413 payload_too_large, the cart unchanged', async () => {
    const text = JSON.stringify({ ...PB_ITEM, affiliate_code: 'x'.repeat(2_000_000) });
    const res = await send('POST', `${anonUrl()}/items`, { text });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    await expectCartKept('anon', res, 'oversized body');
  });
});

describe('promotion codes', () => {
  const code = mix(
    fc.oneof(
      fc.constantFrom('welcome5', 'WELCOME5', ' tenoff ', 'SPRING10', 'credit20', 'NOPE', 'welcome5\u0000'),
      anyString,
    ),
  );
  const promotionBody = bodyOf(objectBody({ promotion_code: code }));

  it('POST .../promotion with any body is handled; a refusal keeps the applied code', async () => {
    const targets = [
      { which: 'anon' as const, url: () => `${anonUrl()}/promotion`, token: undefined },
      { which: 'customer' as const, url: () => '/v2/cart/promotion', token: () => customer.access_token },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), promotionBody, async (target, body) => {
        const res = await send('POST', target.url(), body, target.token?.());
        await expectCartKept(target.which, res, `promotion ${target.which} ${body?.text.slice(0, 300)}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('build', () => {
  it('POST .../build ignores any body (or refuses broken JSON) and keeps the valid items', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        bodyOf(objectBody({ lottery: garbage, force: garbage })),
        async (anon, body) => {
          const which = anon ? 'anon' : 'customer';
          const before = seen[which];
          const res = anon
            ? await send('POST', `${anonUrl()}/build`, body)
            : await send('POST', '/v2/cart/build', body, customer.access_token);
          await expectCartKept(which, res, `build ${which} ${body?.text.slice(0, 300)}`);
          const after = seen[which];
          expect(after?.cart_items.map((i) => i.id)).toEqual(before?.cart_items.map((i) => i.id));
          expect(after?.cart_total).toEqual(before?.cart_total);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Odd path references and item ids.

/** Path segments sent as they are: traversal, odd percent-encoding. */
const RAW_SEGMENTS = [
  '..',
  '.',
  '...',
  '%2e%2e',
  '%2E%2E%2F%2E%2E',
  '%2F',
  '%00',
  '%25',
  '%E2%80%AE',
  '%20',
  '+',
  '~',
  "'",
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'A'.repeat(43),
  '-'.repeat(43),
  'x'.repeat(100),
];

/**
 * A segment Fastify itself refuses before any hook or handler runs: not valid percent-encoding
 * (400 FST_ERR_BAD_URL) or a parameter over its 100 characters (414).
 */
function refusedByRouter(segment: string): boolean {
  try {
    return decodeURIComponent(segment).length > 100;
  } catch {
    return true;
  }
}

const oddSegment = fc
  .oneof(
    fc.constantFrom(...RAW_SEGMENTS),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).map(encodeURIComponent),
    fc.constantFrom('\u0000', '😀', 'é'.repeat(100), '../items', 'a/b').map(encodeURIComponent),
  )
  .filter((segment) => !refusedByRouter(segment));

type PathCall = { which: 'anon' | 'customer'; method: Method; url: (seg: string) => string; body?: unknown };

const PATH_CALLS: PathCall[] = [
  { which: 'anon', method: 'GET', url: (s) => `/v2/anon-cart/${s}` },
  { which: 'anon', method: 'POST', url: (s) => `/v2/anon-cart/${s}/items`, body: PB_ITEM },
  { which: 'anon', method: 'PUT', url: (s) => `/v2/anon-cart/${s}/items/${anonItemId}`, body: PB_ITEM },
  { which: 'anon', method: 'PUT', url: (s) => `${anonUrl()}/items/${s}`, body: PB_ITEM },
  { which: 'anon', method: 'DELETE', url: (s) => `/v2/anon-cart/${s}/items/${anonItemId}` },
  { which: 'anon', method: 'DELETE', url: (s) => `${anonUrl()}/items/${s}` },
  {
    which: 'anon',
    method: 'POST',
    url: (s) => `/v2/anon-cart/${s}/promotion`,
    body: { promotion_code: 'TENOFF' },
  },
  { which: 'anon', method: 'DELETE', url: (s) => `/v2/anon-cart/${s}/promotion` },
  { which: 'anon', method: 'POST', url: (s) => `/v2/anon-cart/${s}/build` },
  { which: 'anon', method: 'POST', url: (s) => `/v2/anon-cart/${s}/convert` },
  { which: 'customer', method: 'PUT', url: (s) => `/v2/cart/items/${s}`, body: PB_ITEM },
  { which: 'customer', method: 'DELETE', url: (s) => `/v2/cart/items/${s}` },
];

async function pathCall(pc: PathCall, seg: string): Promise<LightMyRequestResponse> {
  const token =
    pc.which === 'customer' || pc.url('').endsWith('/convert') ? customer.access_token : undefined;
  return call(app, pc.url(seg), {
    method: pc.method,
    headers: { 'x-api-version': '3.3' },
    ...(token ? { token } : {}),
    ...(pc.body !== undefined ? { body: pc.body } : {}),
  });
}

describe('odd path references and item ids', () => {
  it('are refused with an envelope (404 or 400), never a 500, and change no cart', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATH_CALLS), oddSegment, async (pc, seg) => {
        const res = await pathCall(pc, seg);
        const label = `${pc.method} ${pc.url(seg)}`;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        await expectCartKept(pc.which, res, label);
        if (pc.which === 'anon') await expectCartKept('customer', res, label);
      }),
      { numRuns: RUNS },
    );
  });

  // The router refuses these before any hook runs; `frameworkErrors` (app.ts) answers in the envelope.
  it('broken percent-encoding and over-long references are refused (400, 414) in the envelope, changing nothing', async () => {
    const segments = [
      '%FF',
      '%C0%AF',
      '%E0%A4%A',
      '%',
      '%zz',
      'x'.repeat(MAX_PARAM_LENGTH + 1),
      'A'.repeat(5_000),
      encodeURIComponent('é'.repeat(MAX_PARAM_LENGTH + 1)),
    ];
    for (const pc of PATH_CALLS) {
      for (const seg of segments) {
        const res = await pathCall(pc, seg);
        const label = `${pc.method} ${pc.url(seg).slice(0, 200)}`;
        expect([400, 414], `${label}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        expect(res.json().error, label).toMatchObject({
          status: res.statusCode,
          code: res.statusCode === 414 ? 'uri_too_long' : 'bad_url',
        });
        expect(await anonCart(), label).toEqual(seen.anon);
        expect(await customerCart(), label).toEqual(seen.customer);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Favourite numbers.

const number = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 50 }), weight: 6 },
  { arbitrary: anyNumber, weight: 1 },
  { arbitrary: garbage, weight: 1 },
);
const favouriteSet = mix(
  objectBody({
    lottery: mix(fc.constantFrom(...LOTTERIES, 'saturday-lotto', 'set-for-life')),
    numbers: mix(fc.array(number, { maxLength: 9 })),
    powerball: mix(fc.array(number, { maxLength: 3 })),
  }),
);
const favouritesBody = bodyOf(
  objectBody({ favourite_numbers: mix(fc.array(favouriteSet, { maxLength: 4 })) }),
);

async function savedFavourites(): Promise<unknown> {
  const res = await call(app, '/v2/customer', { token: customer.access_token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.favourite_numbers;
}

describe('PUT /v2/favourite-numbers', () => {
  it('any body is handled; a refusal keeps the saved list, a success is what is saved', async () => {
    let saved = await savedFavourites();
    await fc.assert(
      fc.asyncProperty(favouritesBody, async (body) => {
        const res = await send('PUT', '/v2/favourite-numbers', body, customer.access_token);
        const label = `favourite numbers ${body?.text.slice(0, 300)}`;
        expectHandled(res, label);
        const now = await savedFavourites();
        if (res.statusCode >= 400) {
          expect(now, label).toEqual(saved);
        } else {
          expect(res.statusCode, label).toBe(200);
          expect(now, label).toEqual(res.json().result.favourite_numbers);
          saved = now;
        }
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe('after the fuzzing', () => {
  it('the carts still take a valid item and answer consistent totals', async () => {
    for (const [which, url, token] of [
      ['anon', `${anonUrl()}/items`, undefined],
      ['customer', '/v2/cart/items', customer.access_token],
    ] as const) {
      const before = which === 'anon' ? await anonCart() : await customerCart();
      const res = await cartCall(url, { method: 'POST', body: PB_ITEM, ...(token ? { token } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const cart = res.json().result as CartAnswer;
      expect(cart.cart_items).toHaveLength(before.cart_items.length + 1);
      const sum = cart.cart_items.reduce((total, item) => total + cents(item.total_price), 0);
      expect(cents(cart.cart_total)).toBeLessThanOrEqual(sum);
      expect(cents(cart.cart_total)).toBeGreaterThanOrEqual(0);
    }
  });

  it('favourite numbers still save', async () => {
    const set = { lottery: 'powerball', numbers: [3, 9, 14], powerball: [4] };
    const res = await call(app, '/v2/favourite-numbers', {
      method: 'PUT',
      body: { favourite_numbers: [set] },
      token: customer.access_token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await savedFavourites()).toEqual([set]);
  });
});

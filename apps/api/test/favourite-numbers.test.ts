import { describe, expect, it } from 'vitest';
import { call, newCustomer, signupBody } from './accounts-helpers.ts';
import { getTestApp } from './helpers.ts';

const app = await getTestApp();

const POWERBALL = { lottery: 'powerball', numbers: [3, 9, 14, 20, 27, 31, 35], powerball: [4] };
const OZ = { lottery: 'oz-lotto', numbers: [1, 2, 47] };

const put = (token: string | undefined, body: unknown) =>
  call(app, '/v2/favourite-numbers', { method: 'PUT', body, ...(token ? { token } : {}) });

async function overviewFavourites(token: string): Promise<unknown> {
  const res = await call(app, '/v2/customer', { token });
  expect(res.statusCode).toBe(200);
  return res.json().result.favourite_numbers;
}

describe('PUT /v2/favourite-numbers', () => {
  it('saves the sets, which the overview then answers; the same list again changes nothing', async () => {
    const c = await newCustomer(app);
    expect(await overviewFavourites(c.access_token)).toEqual([]);
    const saved = await put(c.access_token, { favourite_numbers: [POWERBALL, OZ] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toEqual({ favourite_numbers: [POWERBALL, OZ] });
    expect(await overviewFavourites(c.access_token)).toEqual([POWERBALL, OZ]);

    const again = await put(c.access_token, { favourite_numbers: [POWERBALL, OZ] });
    expect(again.json().result).toEqual(saved.json().result);
    expect(await overviewFavourites(c.access_token)).toEqual([POWERBALL, OZ]);

    await put(c.access_token, { favourite_numbers: [{ ...OZ, powerball: [] }] });
    expect(await overviewFavourites(c.access_token)).toEqual([OZ]);
    await put(c.access_token, { favourite_numbers: [] });
    expect(await overviewFavourites(c.access_token)).toEqual([]);
  });

  it('refuses numbers outside the standard game with field errors and keeps the saved list', async () => {
    const c = await newCustomer(app);
    await put(c.access_token, { favourite_numbers: [POWERBALL] });
    const cases: [unknown, string, string][] = [
      [{ ...POWERBALL, numbers: [3, 3] }, 'favourite_numbers[0].numbers[1]', 'duplicate'],
      [{ ...POWERBALL, numbers: [36] }, 'favourite_numbers[0].numbers[0]', 'out_of_range'],
      [{ ...POWERBALL, powerball: [1, 2] }, 'favourite_numbers[0].powerball', 'too_many'],
      [{ ...POWERBALL, numbers: [1, 2, 3, 4, 5, 6, 7, 8] }, 'favourite_numbers[0].numbers', 'too_many'],
      [{ ...OZ, powerball: [1] }, 'favourite_numbers[0].powerball', 'invalid'],
      [{ lottery: 'no-such-lottery', numbers: [1] }, 'favourite_numbers[0].lottery', 'unknown_lottery'],
      [{ lottery: 'coastal-prize-home', numbers: [1] }, 'favourite_numbers[0].lottery', 'unknown_lottery'],
    ];
    for (const [set, field, code] of cases) {
      const res = await put(c.access_token, { favourite_numbers: [set] });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().errors[field]?.[0]?.code, JSON.stringify(set)).toBe(code);
    }
    const duplicate = await put(c.access_token, { favourite_numbers: [OZ, OZ] });
    expect(duplicate.json().errors['favourite_numbers[1].lottery'][0].code).toBe('duplicate');
    for (const body of [
      {},
      { favourite_numbers: [{ lottery: 'powerball', numbers: ['7'] }] },
      { favourite_numbers: 7 },
    ]) {
      expect((await put(c.access_token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await overviewFavourites(c.access_token)).toEqual([POWERBALL]);
  });

  it('needs a signed-in customer', async () => {
    const res = await put(undefined, { favourite_numbers: [POWERBALL] });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorised');
    expect((await put('not-a-token', { favourite_numbers: [] })).statusCode).toBe(401);
  });

  it('takes favourite numbers at sign-up, checked the same way', async () => {
    const c = await newCustomer(app, { favourite_numbers: [POWERBALL] });
    expect(c.customer.favourite_numbers).toEqual([POWERBALL]);
    const refused = await call(app, '/v2/signup', {
      body: signupBody({ favourite_numbers: [{ lottery: 'powerball', numbers: [0] }] }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['favourite_numbers[0].numbers[0]'][0].code).toBe('out_of_range');
  });
});

/**
 * Address lookup (GET /v2/addresses/suggest, GET /v2/addresses/{id}) against the sandbox's seeded
 * addresses: suggestions by the starts of the words of street, number and suburb, every state's addresses with a post code of
 * that state, bad queries refused before any search, an unknown id 404, and the per-address limit.
 */
import { postcodeMatchesState } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { randomIp } from './accounts-helpers.ts';
import { getTestApp } from './helpers.ts';

const app = await getTestApp();

const suggest = (q: string, remoteAddress = randomIp()) =>
  app.inject({ method: 'GET', url: `/v2/addresses/suggest?q=${encodeURIComponent(q)}`, remoteAddress });
const suggestions = async (q: string) => {
  const res = await suggest(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.suggestions as { id: string; label: string }[];
};

describe('GET /v2/addresses/suggest', () => {
  it('suggests addresses holding every word typed, at most eight', async () => {
    const found = await suggestions('12 George Street');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(8);
    for (const s of found) expect(s.label).toMatch(/^12 George Street, /);

    const bySuburb = await suggestions('ocean pa leich');
    expect(bySuburb.length).toBeGreaterThan(0);
    for (const s of bySuburb) expect(s.label).toMatch(/Ocean Parade, Leichhardt NSW 2040$/);
    expect(await suggestions('Nowhere Lane Atlantis')).toEqual([]);
  });

  it('fills the form with a suggestion’s parts: every state, each with a post code of its own', async () => {
    for (const suburb of [
      'Sydney',
      'Melbourne',
      'Brisbane City',
      'Perth',
      'Adelaide',
      'Hobart',
      'Braddon',
      'Darwin City',
    ]) {
      const [first] = await suggestions(suburb);
      if (!first) throw new Error(`no address in ${suburb}`);
      const res = await app.inject({ method: 'GET', url: `/v2/addresses/${first.id}` });
      expect(res.statusCode, res.body).toBe(200);
      const { address } = res.json().result;
      expect(address.suburb).toBe(suburb);
      expect(address.country).toBe('AU');
      expect(`${address.address}, ${address.suburb} ${address.state} ${address.postcode}`).toBe(first.label);
      expect(postcodeMatchesState(address.postcode, address.state)).toBe(true);
    }
  });

  it('refuses a query too short, too long or with control characters, and an id it does not know', async () => {
    for (const q of ['ab', '  a ', 'x'.repeat(101), '12 George\u0000']) {
      const res = await suggest(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors.q).toBeDefined();
    }
    expect((await app.inject({ method: 'GET', url: '/v2/addresses/suggest' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/v2/addresses/au-99999' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v2/addresses/not%20an%20id' })).statusCode).toBe(400);
  });

  it('limits one address to 60 lookups a minute', async () => {
    const limited = await buildApp({ ...app.deps, config: testConfig({ rateLimitMax: 1200 }) });
    await limited.ready();
    try {
      const remoteAddress = randomIp();
      const codes: number[] = [];
      for (let i = 0; i < 61; i++) {
        codes.push(
          (await limited.inject({ method: 'GET', url: '/v2/addresses/suggest?q=king', remoteAddress }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
      expect(codes[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 without a provider, so the form takes the address by hand', async () => {
    const none = await buildApp({ ...app.deps, config: testConfig({ addressLookup: 'none' }) });
    await none.ready();
    try {
      const res = await none.inject({ method: 'GET', url: '/v2/addresses/suggest?q=king' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('address_lookup_unavailable');
    } finally {
      await none.close();
    }
  });
});

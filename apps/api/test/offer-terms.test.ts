/**
 * Offer and raffle draw terms in the CMS (collection `offer_terms`): the demo seeds the terms of every
 * raffle and of each of its draws; an item it does not have is 404 (the shop then generates them).
 */
import { draws, eq } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { getTestApp } from './helpers.ts';

const app = await getTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });

describe('offer terms in the CMS', () => {
  it('hold the terms of each demo raffle and of every draw it has, and none of a draw it lacks', async () => {
    const raffleDraws = await app.deps.db
      .select({ drawNo: draws.drawNo })
      .from(draws)
      .where(eq(draws.productOfferKey, 'bush-rescue-car-raffle'));
    expect(raffleDraws.length).toBeGreaterThan(1);
    for (const { drawNo } of raffleDraws) {
      const res = await get(`/cms/items/offer_terms/bush-rescue-car-raffle.${drawNo}`);
      expect(res.statusCode, res.body).toBe(200);
      const item = res.json().result;
      expect(item).toMatchObject({ offer_key: 'bush-rescue-car-raffle', draw_no: drawNo });
      const headings = item.sections.map((s: { heading: string }) => s.heading);
      expect(headings).toEqual([
        'Permits',
        'Entry',
        'Prizes',
        'The draw',
        'How winners are told',
        'Free entry by post',
      ]);
      expect(item.sections[0].paragraphs[0]).toMatch(/permit/);
    }
    const whole = await get('/cms/items/offer_terms/bush-rescue-car-raffle');
    expect(whole.json().result).toMatchObject({ offer_key: 'bush-rescue-car-raffle', draw_no: null });
    expect((await get('/cms/items/offer_terms/bush-rescue-car-raffle.999999')).statusCode).toBe(404);
    const coastal = (await get('/cms/items/offer_terms/coastal-prize-home')).json().result;
    expect(coastal.title).toBe('Coastal Prize Home Raffle: terms and conditions');
  });
});

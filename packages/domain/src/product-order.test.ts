import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderProductOffers } from './product-order.ts';

type Offer = { key: string; type: string; ranking: number; megaJackpot?: boolean; displayCategory?: string };

const lotto = (key: string, ranking: number, megaJackpot = false): Offer => ({
  key,
  type: 'lottery_ticket',
  ranking,
  megaJackpot,
  displayCategory: 'lotto',
});
const syndicate = (key: string, ranking: number): Offer => ({
  key,
  type: 'syndicate_share',
  ranking,
  displayCategory: 'syndicate',
});
const raffle = (key: string, ranking: number): Offer => ({ key, type: 'raffle_ticket', ranking });
const party: Offer = {
  key: 'lotto-party',
  type: 'syndicate_share',
  ranking: 0,
  displayCategory: 'syndicate',
};

const keys = (offers: Offer[]) => offers.map((o) => o.key);

describe('orderProductOffers', () => {
  it('sorts by ranking, lowest first', () => {
    const offers = [lotto('c', 3), lotto('a', 1), lotto('b', 2)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false }))).toEqual(['a', 'b', 'c']);
  });

  it('keeps input order between equal rankings', () => {
    const offers = [lotto('x', 1), lotto('y', 1), lotto('w', 0)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false }))).toEqual(['w', 'x', 'y']);
  });

  it('moves the mega-jackpot product to position 2', () => {
    const offers = [lotto('a', 1), lotto('b', 2), lotto('c', 3), lotto('mega', 9, true)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false }))).toEqual(['a', 'mega', 'b', 'c']);
  });

  it('moves the mega-jackpot product to position 2 even when it ranks first', () => {
    const offers = [lotto('mega', 0, true), lotto('a', 1), lotto('b', 2)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false }))).toEqual(['a', 'mega', 'b']);
  });

  it('inserts the syndicate entry at position 3 when enabled', () => {
    const offers = [lotto('a', 1), lotto('b', 2), lotto('c', 3), lotto('mega', 4, true), syndicate('syn', 8)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: true }))).toEqual([
      'a',
      'mega',
      'syn',
      'b',
      'c',
    ]);
  });

  it('moves only the first syndicate offer; the others keep their ranked places', () => {
    const offers = [lotto('a', 1), lotto('b', 2), lotto('c', 3), syndicate('syn2', 9), syndicate('syn1', 5)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: true }))).toEqual([
      'a',
      'b',
      'syn1',
      'c',
      'syn2',
    ]);
  });

  it('leaves syndicate offers out when syndicates are disabled', () => {
    const offers = [lotto('a', 1), syndicate('syn', 2), lotto('b', 3)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false }))).toEqual(['a', 'b']);
  });

  it('places lotto party right before the syndicate entry', () => {
    const offers = [
      lotto('a', 1),
      lotto('b', 2),
      lotto('mega', 3, true),
      syndicate('syn', 4),
      raffle('r', 5),
    ];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: true, lottoPartyOffer: party }))).toEqual([
      'a',
      'mega',
      'lotto-party',
      'syn',
      'b',
      'r',
    ]);
  });

  it('gives lotto party position 3 when there is no syndicate entry', () => {
    const offers = [lotto('a', 1), lotto('b', 2), lotto('c', 3)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false, lottoPartyOffer: party }))).toEqual([
      'a',
      'b',
      'lotto-party',
      'c',
    ]);
  });

  it('does not show lotto party twice when it is also in the list', () => {
    const offers = [lotto('a', 1), party, lotto('b', 2), lotto('c', 3)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: true, lottoPartyOffer: party }))).toEqual([
      'a',
      'b',
      'lotto-party',
      'c',
    ]);
  });

  it('appends entries to lists too short for their position', () => {
    expect(keys(orderProductOffers([], { syndicatesEnabled: true }))).toEqual([]);
    expect(keys(orderProductOffers([syndicate('syn', 1)], { syndicatesEnabled: true }))).toEqual(['syn']);
    expect(keys(orderProductOffers([lotto('mega', 1, true)], { syndicatesEnabled: true }))).toEqual(['mega']);
    expect(
      keys(
        orderProductOffers([lotto('a', 1), syndicate('syn', 0)], {
          syndicatesEnabled: true,
          lottoPartyOffer: party,
        }),
      ),
    ).toEqual(['a', 'lotto-party', 'syn']);
  });

  it('puts missing (NaN) rankings last', () => {
    const offers = [lotto('nan', Number.NaN), lotto('a', 1), lotto('b', 2)];
    expect(keys(orderProductOffers(offers, { syndicatesEnabled: false }))).toEqual(['a', 'b', 'nan']);
  });

  const offerArb = fc.record({
    key: fc.string(),
    type: fc.constantFrom('lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership'),
    ranking: fc.integer({ min: 0, max: 20 }),
    megaJackpot: fc.boolean(),
  });
  const offersArb = fc.uniqueArray(offerArb, { selector: (o) => o.key, maxLength: 12 });

  it('is a permutation of the input when syndicates are enabled, and never mutates it (property)', () => {
    fc.assert(
      fc.property(offersArb, (offers) => {
        const copy = offers.map((o) => ({ ...o }));
        const result = orderProductOffers(offers, { syndicatesEnabled: true });
        expect(offers).toEqual(copy);
        expect([...result].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
          [...offers].sort((a, b) => a.key.localeCompare(b.key)),
        );
        for (const offer of result) expect(offers).toContain(offer);
      }),
    );
  });

  it('with lotto party adds exactly that one offer (property)', () => {
    fc.assert(
      fc.property(offersArb, fc.boolean(), (offers, syndicatesEnabled) => {
        const lottoParty = {
          key: '\u0000lotto-party',
          type: 'lottery_ticket',
          ranking: 0,
          megaJackpot: false,
        };
        const result = orderProductOffers(offers, { syndicatesEnabled, lottoPartyOffer: lottoParty });
        const shown = offers.filter((o) => syndicatesEnabled || o.type !== 'syndicate_share');
        expect(result).toHaveLength(shown.length + 1);
        expect(new Set(result.map((o) => o.key))).toEqual(
          new Set([...shown.map((o) => o.key), lottoParty.key]),
        );
        const partyAt = result.indexOf(lottoParty);
        const hasSyndicate = syndicatesEnabled && shown.some((o) => o.type === 'syndicate_share');
        const others = result.length - 1 - (hasSyndicate ? 1 : 0);
        expect(partyAt).toBe(Math.min(2, others));
        if (hasSyndicate) expect(result[partyAt + 1]?.type).toBe('syndicate_share');
      }),
    );
  });

  it('puts the first mega-jackpot at index 1 and the first syndicate at index 2 (property)', () => {
    fc.assert(
      fc.property(offersArb, (offers) => {
        const result = orderProductOffers(offers, { syndicatesEnabled: true });
        const byRank = [...offers].sort((a, b) => a.ranking - b.ranking);
        const syn = byRank.find((o) => o.type === 'syndicate_share');
        const mega = byRank.find((o) => o.megaJackpot && o !== syn);
        const others = result.length - (syn ? 1 : 0);
        if (syn) expect(result.indexOf(syn)).toBe(Math.min(2, others));
        if (mega && others >= 2) expect(result[1]).toBe(mega);
        const rest = result.filter((o) => o !== syn && o !== mega);
        const ranks = rest.map((o) => o.ranking);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
    );
  });
});

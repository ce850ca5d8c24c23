import { describe, expect, it } from 'vitest';
import { replayItemBody } from './cart-replay.ts';

describe('replayItemBody', () => {
  it('puts a lottery entry back with its games and draws, for the next draw, without autoplay', () => {
    const games = [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }];
    expect(
      replayItemBody({
        productType: 'lottery_ticket',
        productOfferKey: 'powerball',
        numDraws: 2,
        payload: { gameType: 'standard', gameOffer: 'powerball-standard', games, day: null, causeKey: null },
      }),
    ).toEqual({
      kind: 'lottery',
      lottery: 'powerball',
      gameType: 'standard',
      gameOffer: 'powerball-standard',
      games,
      quickpick: false,
      numDraws: 2,
      day: null,
      causeKey: null,
    });
  });

  it('puts a raffle book and syndicate shares back', () => {
    expect(
      replayItemBody({
        productType: 'raffle_ticket',
        productOfferKey: 'r',
        numDraws: 1,
        payload: { numTickets: 3, causeKey: 'c' },
      }),
    ).toEqual({ kind: 'raffle', lottery: 'r', book: 3, causeKey: 'c' });
    expect(
      replayItemBody({
        productType: 'syndicate_share',
        productOfferKey: 's',
        numDraws: 1,
        payload: { gameType: 'syndicate', numShares: 2 },
      }),
    ).toEqual({ kind: 'syndicate', syndicate: 's', numShares: 2, numDraws: 1 });
  });

  it('cannot put back lotto party shares, a membership or a damaged entry', () => {
    const order = { productOfferKey: 'x', numDraws: 1 };
    expect(
      replayItemBody({
        ...order,
        productType: 'syndicate_share',
        payload: { gameType: 'lotto_party', numShares: 1 },
      }),
    ).toBeNull();
    expect(replayItemBody({ ...order, productType: 'membership', payload: {} })).toBeNull();
    expect(
      replayItemBody({ ...order, productType: 'lottery_ticket', payload: { gameType: 'standard' } }),
    ).toBeNull();
  });
});

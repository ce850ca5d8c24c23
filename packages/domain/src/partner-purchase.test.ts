import { describe, expect, it } from 'vitest';
import {
  blockedReasonAction,
  blockedReasonsWithActions,
  partnerItemBody,
  partnerPurchaseRefusal,
} from './partner-purchase.ts';

describe('blockedReasonAction', () => {
  it('names the limit and verification actions and makes every other reason fixed', () => {
    expect(blockedReasonAction('spend_limit')).toBe('spend_limit');
    expect(blockedReasonAction('deposit_limit')).toBe('deposit_limit');
    expect(blockedReasonAction('global_spend_limit')).toBe('global_spend_limit');
    expect(blockedReasonAction('verify_account_required')).toBe('verify_account_required');
    expect(blockedReasonAction('unavailable:powerball')).toBe('fixed');
    expect(blockedReasonAction('licensing_restriction:bush-rescue-car-raffle')).toBe('fixed');
  });

  it('keeps each message with its action', () => {
    expect(blockedReasonsWithActions({ 'unavailable:x': 'X is not on sale.', spend_limit: 'Over.' })).toEqual(
      {
        'unavailable:x': { message: 'X is not on sale.', actionType: 'fixed' },
        spend_limit: { message: 'Over.', actionType: 'spend_limit' },
      },
    );
  });
});

describe('partnerPurchaseRefusal', () => {
  const partner = { key: 'club', channels: ['web'], allowedOffers: ['powerball'] };
  it('lets the partner sell its offers on its channels', () => {
    expect(
      partnerPurchaseRefusal(partner, { partnerKey: 'club', channelKey: 'web', offerKey: 'powerball' }),
    ).toBeNull();
  });
  it('refuses another partner, an unknown channel and an offer it does not sell', () => {
    expect(
      partnerPurchaseRefusal(partner, { partnerKey: 'x', channelKey: 'web', offerKey: 'powerball' })?.field,
    ).toBe('purchase.partner_key');
    expect(
      partnerPurchaseRefusal(partner, { partnerKey: 'club', channelKey: 'tv', offerKey: 'powerball' })?.field,
    ).toBe('purchase.channel_key');
    expect(
      partnerPurchaseRefusal(partner, { partnerKey: 'club', channelKey: 'web', offerKey: 'oz-lotto' })?.code,
    ).toBe('offer_not_sold');
  });
});

describe('partnerItemBody', () => {
  it('makes a lottery a quick pick of its default game offer for one draw', () => {
    const made = partnerItemBody(
      { lottery: 'powerball', drawNumber: 12 },
      { type: 'lottery_ticket', gameType: 'standard', gameOffer: 'powerball-standard', defaultGames: 4 },
    );
    expect(made).toEqual({
      ok: true,
      body: {
        kind: 'lottery',
        lottery: 'powerball',
        gameType: 'standard',
        gameOffer: 'powerball-standard',
        games: [],
        quickpick: true,
        numGames: 4,
        numDraws: 1,
        firstDrawNo: 12,
      },
    });
  });
  it('makes a raffle a book of its sizes, the smallest by default, and refuses another size', () => {
    const offer = { type: 'raffle_ticket' as const, books: [3, 1, 10] };
    expect(partnerItemBody({ lottery: 'r' }, offer)).toEqual({
      ok: true,
      body: { kind: 'raffle', lottery: 'r', book: 1 },
    });
    expect(partnerItemBody({ lottery: 'r', raffleOffer: 10 }, offer)).toMatchObject({
      ok: true,
      body: { book: 10 },
    });
    expect(partnerItemBody({ lottery: 'r', raffleOffer: 7 }, offer)).toMatchObject({
      ok: false,
      field: 'cart_item.raffle_offer',
    });
  });
  it('refuses an unknown offer or one of another type', () => {
    expect(partnerItemBody({ lottery: 'x' }, null)).toMatchObject({ ok: false, code: 'unknown_offer' });
    expect(partnerItemBody({ lottery: 'x' }, { type: 'other' })).toMatchObject({
      ok: false,
      code: 'unknown_offer',
    });
  });
});

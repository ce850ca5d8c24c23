import type { CartView as CartAnswer, CartItemView } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { AUTO_REMOVED_FALLBACK } from '../../lib/cart.server';
import { type CartView, cartView, itemView, type OfferRef } from './cart-view';
import { promotionSummary } from './promotion-text';

const summaryOf = (view: CartView) => (view.promotion ? promotionSummary(view.promotion) : null);

/** CREDIT20 as the API answers it on a cart where it applies, or not. */
const credit20 = (applies: boolean): CartAnswer['promotion'] => ({
  code: 'CREDIT20',
  type: 'voucher_credit_amount',
  discount: { amount: 0, currency: 'AUD' },
  unusedCredit: null,
  promoCredit: { amount: applies ? 20 : 0, currency: 'AUD' },
  applies,
  label: '$20 credit',
  message: applies
    ? 'CREDIT20 adds $20 credit to your balance when you buy this cart.'
    : 'The promotion code CREDIT20 applies only to what you pay now.',
});

const AUD = (amount: number) => ({ amount, currency: 'AUD' });

const OFFERS: OfferRef[] = [
  {
    key: 'powerball',
    name: 'Powerball',
    lotteryKey: 'au_powerball',
    playPaths: { standard: '/powerball', reduced_system: '/powerball/systems' },
  },
];

function lotteryItem(overrides: Partial<CartItemView> = {}): CartItemView {
  return {
    id: 'item-1',
    productType: 'lottery_ticket',
    lotteryKey: 'powerball',
    quantity: 1,
    unitPrice: AUD(7.5),
    totalPrice: AUD(7.5),
    numDraws: 1,
    drawNo: 1523,
    gameType: 'standard',
    gameOffer: 'powerball-standard',
    causeKey: null,
    day: null,
    recurringPurchase: null,
    minimumJackpotAmount: null,
    games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }],
    quickpick: false,
    purchaseStatus: 'open',
    numTickets: null,
    numShares: null,
    description: '',
    drawDate: null,
    numGames: null,
    numRaffleTickets: null,
    syndicateKey: null,
    syndicateName: null,
    hasFavouriteNumbers: false,
    membershipProgram: null,
    membershipOffer: null,
    membershipOfferName: null,
    ...overrides,
  };
}

function cartOf(overrides: Partial<CartAnswer> = {}): CartAnswer {
  return {
    cartItems: [lotteryItem()],
    cartTotal: AUD(7.5),
    preOrderTotal: AUD(0),
    promotion: null,
    autoRemovedItems: [],
    blockedReasons: {},
    requiresUnattendedPaymentMethod: false,
    expiry: null,
    ...overrides,
  };
}

describe('itemView', () => {
  it('shows picked numbers in ascending order, unless the game is played in order', () => {
    const picked = { numbers: [31, 4, 17, 9, 22, 1, 35], powerball: [8] };
    expect(itemView(lotteryItem({ games: [picked] }), OFFERS).games).toEqual([
      '1 4 9 17 22 31 35 · Powerball 8',
    ]);
    const strike = lotteryItem({ gameType: 'strike_standard', games: [{ numbers: [12, 3, 40, 7] }] });
    expect(itemView(strike, OFFERS).games).toEqual(['12 3 40 7']);
  });

  it('falls back to the offer name and game type without a description, and links Edit to the play screen', () => {
    expect(itemView(lotteryItem(), OFFERS)).toEqual({
      id: 'item-1',
      description: 'Powerball – Standard',
      draw: 'Draw 1523',
      gameCount: '1 game',
      games: ['1 2 3 4 5 6 7 · Powerball 8'],
      unitPrice: '$7.50',
      total: '$7.50',
      editHref: '/powerball?item=item-1',
      termsHref: '/powerball/terms-and-conditions',
      recurs: null,
    });
  });

  it("uses the API's description, draw date and game count, and the game type's play path", () => {
    const view = itemView(
      lotteryItem({
        description: 'Powerball System 8',
        drawDate: '2026-11-26T09:30:00.000Z',
        numGames: 5,
        numDraws: 2,
        gameType: 'reduced_system',
        lotteryKey: 'au_powerball',
      }),
      OFFERS,
    );
    expect(view.description).toBe('Powerball System 8');
    expect(view.draw).toBe('Draw 1523 · Thu 26 Nov 2026, 8:30pm, 2 draws');
    expect(view.gameCount).toBe('5 games');
    expect(view.editHref).toBe('/powerball/systems?item=item-1');
  });

  it('has no Edit for raffle books, syndicate shares or unknown game types', () => {
    const raffle = lotteryItem({ productType: 'raffle_ticket', numTickets: 3, gameType: null, games: [] });
    expect(itemView(raffle, OFFERS)).toMatchObject({
      editHref: null,
      gameCount: null,
      termsHref: '/powerball/terms-and-conditions/1523',
    });
    expect(itemView(raffle, []).description).toBe('Powerball – 3 tickets');
    expect(itemView(lotteryItem({ gameType: 'powerhit' }), OFFERS).editHref).toBeNull();
  });

  it('counts with thousands separators and a singular for one', () => {
    const book = lotteryItem({
      productType: 'raffle_ticket',
      numTickets: 1_000,
      gameType: null,
      games: [],
    });
    expect(itemView({ ...book, description: '' }, []).description).toBe('Powerball – 1,000 tickets');
    const share = lotteryItem({ productType: 'syndicate_share', numShares: 1, gameType: null, games: [] });
    expect(itemView({ ...share, description: '' }, []).description).toBe('Powerball – 1 share');
    expect(itemView(lotteryItem({ numDraws: 1_200 }), OFFERS).draw).toContain('1,200 draws');
  });
});

describe('recurrenceText', () => {
  it('says what recurs and how often, and nothing for a one-off item', () => {
    expect(itemView(lotteryItem(), OFFERS).recurs).toBeNull();
    expect(
      itemView(lotteryItem({ recurringPurchase: { type: 'autoplay', enabled: false } }), OFFERS).recurs,
    ).toBeNull();
    expect(
      itemView(lotteryItem({ recurringPurchase: { type: 'autoplay', enabled: true } }), OFFERS).recurs,
    ).toBe('Autoplay · Weekly, until you cancel');
    expect(
      itemView(
        lotteryItem({
          recurringPurchase: { type: 'autoplay', enabled: true },
          minimumJackpotAmount: AUD(20_000_000),
        }),
        OFFERS,
      ).recurs,
    ).toBe('Autoplay · Jackpots $20 million and over, until you cancel');
    const membership = (offer: string) =>
      itemView(
        lotteryItem({
          productType: 'membership',
          membershipOffer: offer,
          recurringPurchase: { type: 'subscription', enabled: true },
        }),
        OFFERS,
      ).recurs;
    expect(membership('daily-winners-monthly')).toBe('Subscription · Monthly, until you cancel');
    expect(membership('daily-winners-quarterly')).toBe('Subscription · Every three months, until you cancel');
    expect(membership('daily-winners-annually')).toBe('Subscription · Every year, until you cancel');
    const raffle = lotteryItem({
      productType: 'raffle_ticket',
      recurringPurchase: { type: 'subscription', enabled: true },
    });
    expect(itemView(raffle, OFFERS).recurs).toBe('Subscription · Every draw, until you cancel');
  });
});

describe('cartView', () => {
  it('is empty without a cart', () => {
    expect(cartView(undefined, OFFERS)).toMatchObject({
      items: [],
      total: '$0.00',
      blocked: [],
      autoRemoved: [],
    });
  });

  it('shows a discount as money off and a credit voucher as its credit, never as -$0.00', () => {
    const view = cartView(
      cartOf({
        cartTotal: AUD(2.5),
        promotion: {
          code: 'WELCOME5',
          type: 'voucher_fixed_discount',
          discount: AUD(5),
          unusedCredit: null,
          applies: true,
          label: '$5 off',
          message: 'WELCOME5 takes $5 off what you pay now.',
        },
      }),
      OFFERS,
    );
    expect(view.promotion).toEqual({
      code: 'WELCOME5',
      applies: true,
      discount: '$5.00',
      credit: null,
      message: 'WELCOME5 takes $5 off what you pay now.',
    });
    expect(summaryOf(view)).toBe('$5.00 off');
    expect(view.total).toBe('$2.50');
    const credit = cartView(cartOf({ promotion: credit20(true) }), OFFERS);
    expect(credit.promotion).toMatchObject({ discount: null, credit: '$20 credit' });
    expect(summaryOf(credit)).toBe('$20 credit');
  });

  it('says a code that does not apply does not, with the reason', () => {
    const view = cartView(cartOf({ promotion: credit20(false) }), OFFERS);
    expect(view.promotion).toMatchObject({ applies: false, discount: null, credit: null });
    expect(summaryOf(view)).toBe('does not apply');
    expect(view.promotion?.message).toMatch(/applies only to what you pay now/);
  });

  it('makes a closable banner per blocked reason, keyed by reason id', () => {
    const view = cartView(
      cartOf({ blockedReasons: { spendLimit: 'You have reached your spend limit.' } }),
      OFFERS,
    );
    expect(view.blocked).toEqual([
      { id: 'spendLimit', action: 'close', message: 'You have reached your spend limit.' },
    ]);
  });

  it('lists auto-removed items with their message, else the generic one', () => {
    const view = cartView(
      cartOf({
        autoRemovedItems: [
          {
            id: 'a',
            reason: 'draw_closed',
            description: '',
            message: 'Your Powerball entry was removed: draw 1522 closed.',
          },
          { id: 'b', reason: 'draw_closed', description: '', message: '' },
          { id: 'c', reason: 'draw_closed', description: 'Oz Lotto – Standard', message: '' },
        ],
      }),
      OFFERS,
    );
    expect(view.autoRemoved).toEqual([
      'Your Powerball entry was removed: draw 1522 closed.',
      AUTO_REMOVED_FALLBACK,
      `Oz Lotto – Standard: ${AUTO_REMOVED_FALLBACK}`,
    ]);
  });
});

import type { RecurringPurchaseDetails, ScheduledPurchase } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  pauseRequest,
  reasonText,
  recurringItemView,
  recurringMethodView,
  resolutionViews,
  scheduledItemView,
  sydneyIsoDate,
} from './recurring-view';

const AUD = (amount: number) => ({ amount, currency: 'AUD' });
// Tuesday 24 November 2026, 7pm in Sydney.
const NOW = new Date('2026-11-24T08:00:00Z');

function autoplay(extra: Partial<RecurringPurchaseDetails> = {}): RecurringPurchaseDetails {
  return {
    autoplayId: 'ap-1',
    lotteryId: 'powerball',
    productOfferKey: 'powerball',
    productType: 'lottery_ticket',
    type: 'autoplay',
    status: 'active',
    pausedUntil: null,
    description: 'Powerball – 4 games',
    price: AUD(6),
    numberOfGames: 4,
    gameOfferName: 'Standard',
    numberOfTickets: null,
    numberOfShares: null,
    minimumJackpotAmount: null,
    quickpick: true,
    gameType: 'standard',
    raffleOfferKey: null,
    causeKey: null,
    membershipProgram: null,
    membershipOffer: null,
    membershipOfferName: null,
    billingPeriod: null,
    frequencyLabel: 'Weekly',
    nextDrawDate: '2026-11-26T09:30:00Z',
    lastAttemptStatus: 'purchased',
    lastAttemptReason: null,
    lastAttemptAt: '2026-11-19T09:00:00Z',
    verificationRequired: false,
    defaultFund: { kind: 'wallet', key: 'wallet', label: 'Wallet' },
    groupId: null,
    createdAt: '2026-11-19T09:00:00Z',
    ...extra,
  };
}

describe('recurringItemView', () => {
  it('says once that an item waits for verification: its last attempt repeats no reason', () => {
    const view = recurringItemView(
      autoplay({
        lastAttemptStatus: 'hard_failure',
        lastAttemptReason: 'verification_required',
        verificationRequired: true,
      }),
      NOW,
      '/my-account/autoplay/ticket',
    );
    expect(view.verificationRequired).toBe(true);
    expect(view.lastAttempt).toEqual({
      outcome: 'Not bought (tried Thu 19 Nov 2026, 8:00pm)',
      reason: null,
      failed: true,
    });
    // Verified since: the reason of that attempt stands as it was.
    const verified = recurringItemView(
      autoplay({ lastAttemptStatus: 'hard_failure', lastAttemptReason: 'verification_required' }),
      NOW,
      '/my-account/autoplay/ticket',
    );
    expect(verified.lastAttempt?.reason).toBe('Your account needs verifying before we can buy it.');
  });

  it('shows an active lottery autoplay with its frequency, next draw and what it may change', () => {
    const view = recurringItemView(autoplay(), NOW, '/my-account/autoplay/ticket');
    expect(view).toMatchObject({
      frequency: 'Weekly',
      statusText: 'Active',
      price: '$6.00',
      nextDraw: 'Thu 26 Nov 2026, 8:30pm',
      lottery: true,
      minimumJackpot: null,
      minimumJackpotInput: '',
      canPause: true,
      canResume: false,
      canCancel: true,
      pauseMin: '2026-11-25',
      href: '/my-account/autoplay/ticket/ap-1',
      lastAttempt: { outcome: 'Bought on Thu 19 Nov 2026, 8:00pm', reason: null, failed: false },
    });
  });

  it('reads a timed pause with its date, the minimum jackpot in dollars, and a failed attempt in words', () => {
    const view = recurringItemView(
      autoplay({
        status: 'timed_paused',
        pausedUntil: '2026-12-10T00:00:00Z',
        minimumJackpotAmount: AUD(20_000_000),
        lastAttemptStatus: 'soft_failure',
        lastAttemptReason: 'insufficient_funds',
      }),
      NOW,
      '/my-account/autoplay/ticket',
    );
    expect(view.statusText).toBe('Paused until Thursday 10 December 2026');
    expect(view.minimumJackpot).toBe('$20,000,000.00');
    expect(view.minimumJackpotInput).toBe('20000000');
    expect(view.nextDraw).toBeNull();
    expect(view.canPause).toBe(false);
    expect(view.canResume).toBe(true);
    expect(view.lastAttempt?.failed).toBe(true);
    expect(view.lastAttempt?.reason).toMatch(/^Your balance was not enough/);
  });

  it('offers nothing to change once cancelled, and links a subscription to its own page', () => {
    const view = recurringItemView(
      autoplay({ status: 'cancelled', type: 'subscription', productType: 'raffle_ticket' }),
      NOW,
      '/my-account/autoplay/ticket',
    );
    expect([view.canPause, view.canResume, view.canCancel, view.lottery]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(view.href).toBe('/my-account/subscriptions/ticket/ap-1');
  });
});

describe('reasonText', () => {
  it('puts reason codes in words, keeps a sentence, and hides an unknown code', () => {
    expect(reasonText('below_minimum_jackpot')).toMatch(/under your minimum/);
    expect(reasonText('Your card was declined.')).toBe('Your card was declined.');
    expect(reasonText('weird_code')).toBe('It could not be bought this time.');
    expect(reasonText(null)).toBeNull();
  });
});

describe('pauseRequest', () => {
  it('pauses until a date from tomorrow to a year ahead, or until resumed', () => {
    expect(pauseRequest({ mode: 'indefinitely', until: '' }, NOW)).toEqual({
      status: 'paused',
      pausedUntil: null,
    });
    expect(pauseRequest({ mode: 'until', until: '2026-12-10' }, NOW)).toEqual({
      status: 'timed_paused',
      pausedUntil: '2026-12-10',
    });
    expect(pauseRequest({ mode: 'until', until: '2026-11-24' }, NOW)).toEqual({
      error: 'The pause must end after today.',
    });
    expect(pauseRequest({ mode: 'until', until: '2028-01-01' }, NOW)).toEqual({
      error: 'A pause can last at most one year.',
    });
    expect(pauseRequest({ mode: 'until', until: 'soon' }, NOW)).toEqual({
      error: 'Choose the date your pause ends.',
    });
  });

  it('counts days in Sydney', () => {
    expect(sydneyIsoDate(new Date('2026-11-24T14:00:00Z'))).toBe('2026-11-25');
  });
});

describe('scheduledItemView', () => {
  it('shows a pre-order waiting for its draw as cancellable', () => {
    const s: ScheduledPurchase = {
      encodedId: 'sp-1',
      kind: 'pre_order',
      status: 'active',
      description: 'Powerball – 4 games',
      productType: 'lottery_ticket',
      lotteryKey: 'powerball',
      amount: AUD(6),
      numDraws: 1,
      draw: { drawNo: 1530, drawDate: '2026-12-03T09:30:00Z' },
      charged: false,
      orderId: null,
      cancellable: true,
      lastAttemptStatus: null,
      lastAttemptReason: null,
      lastAttemptAt: null,
      createdAt: '2026-11-19T09:00:00Z',
      cancelledAt: null,
    };
    expect(scheduledItemView(s)).toEqual({
      id: 'sp-1',
      description: 'Powerball – 4 games',
      kindText: 'Pre-order',
      statusText: 'Waiting for its draw to open: nothing has been charged yet',
      amount: '$6.00',
      draw: 'Draw 1530 · Thu 3 Dec 2026, 8:30pm',
      lastAttempt: null,
      cancellable: true,
    });
  });
});

describe('recurringMethodView', () => {
  it('lists each way to pay with its balance, and says when the chosen one cannot pay', () => {
    const view = recurringMethodView({
      availableRecurringPurchaseMethods: [
        { key: 'wallet', kind: 'wallet', label: 'Wallet', funded: false, balance: AUD(0) },
        { key: 'card-1', kind: 'cc', label: 'Visa ending 4242', funded: true, balance: null },
      ],
      selectedRecurringPurchaseMethodKey: 'wallet',
      defaultFund: { kind: 'unfunded', key: 'wallet', label: 'Wallet' },
    });
    expect(view.options).toEqual([
      { key: 'wallet', label: 'Wallet (cannot pay now)' },
      { key: 'card-1', label: 'Visa ending 4242' },
    ]);
    expect(view.current).toBe('Wallet: it cannot pay now, so recurring purchases wait until it can.');
    expect(view.unfunded).toBe(true);
  });
});

describe('resolutionViews', () => {
  it('lists the attempts still retried or stopped, in words, linked to their autoplay or subscription', () => {
    const base = {
      type: 'autoplay' as const,
      description: 'Powerball: 1 game',
      attemptStatus: 'soft_failure' as const,
      verificationRequired: false,
      periodKey: 'd1',
      drawDate: null,
      tries: 1,
      lastAttemptAt: '2026-11-24T08:00:00Z',
    };
    const views = resolutionViews([
      {
        ...base,
        id: 'r1',
        autoplayId: 'ap-1',
        status: 'retrying',
        reason: 'insufficient_funds',
        drawNo: 1515,
      },
      { ...base, id: 'r2', autoplayId: 'ap-2', status: 'completed', reason: null, drawNo: 1514 },
      {
        ...base,
        id: 'r3',
        autoplayId: 's-1',
        type: 'subscription',
        status: 'retry_error',
        attemptStatus: 'hard_failure',
        reason: 'offer_withdrawn',
        drawNo: null,
      },
    ]);
    expect(views.map((v) => [v.description, v.outcome, v.href])).toEqual([
      ['Powerball: 1 game, draw 1515', 'Not bought yet.', '/my-account/autoplay/ticket/ap-1'],
      ['Powerball: 1 game', 'Not bought: stopped until you act.', '/my-account/subscriptions/ticket/s-1'],
    ]);
    expect(views[0]?.reason).toBe(
      'Your balance was not enough. Add funds and we will try again before the draw closes.',
    );
  });

  it('says once that a retried attempt is tried again: the outcome or the reason, never both', () => {
    const retried = (reason: string | null) =>
      resolutionViews([
        {
          type: 'autoplay',
          description: 'Powerball: 1 game',
          attemptStatus: 'soft_failure',
          verificationRequired: false,
          periodKey: 'd1',
          drawDate: null,
          tries: 1,
          lastAttemptAt: '2026-11-24T08:00:00Z',
          id: 'r1',
          autoplayId: 'ap-1',
          status: 'retrying',
          reason,
          drawNo: 1515,
        },
      ])[0];
    for (const reason of ['spend_limit', 'precommitment_limit', 'global_spend_limit', 'insufficient_funds']) {
      const view = retried(reason);
      const text = `${view?.outcome} ${view?.reason}`;
      expect(text.match(/try again/gi), text).toHaveLength(1);
    }
    // A reason that says nothing of a retry leaves it to the outcome.
    expect(retried(null)).toMatchObject({
      outcome: 'Not bought yet: we will try again while the draw is on sale.',
      reason: null,
    });
  });
});

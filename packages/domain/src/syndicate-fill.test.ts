import { describe, expect, it } from 'vitest';
import {
  SYNDICATE_FILL_RULE,
  syndicateCancelledNotice,
  syndicateFillOutcome,
  syndicateSharesNeeded,
} from './syndicate-fill.ts';

describe('whether a syndicate goes ahead at the close', () => {
  it('cancels a syndicate with no shares sold', () => {
    expect(syndicateFillOutcome({ sold: 0, total: 60 })).toBe('cancelled');
    expect(syndicateFillOutcome({ sold: 0, total: 1 })).toBe('cancelled');
  });

  it('cancels one share short of half, and goes ahead at exactly half', () => {
    expect(syndicateFillOutcome({ sold: 29, total: 60 })).toBe('cancelled');
    expect(syndicateFillOutcome({ sold: 30, total: 60 })).toBe('completed_by_house');
  });

  it('needs the larger half of an odd total', () => {
    expect(syndicateFillOutcome({ sold: 6, total: 13 })).toBe('cancelled');
    expect(syndicateFillOutcome({ sold: 7, total: 13 })).toBe('completed_by_house');
    expect(syndicateFillOutcome({ sold: 1, total: 1 })).toBe('completed_by_house');
    expect(syndicateSharesNeeded(13)).toBe(7);
    expect(syndicateSharesNeeded(60)).toBe(30);
    expect(syndicateSharesNeeded(1)).toBe(1);
  });

  it('goes ahead when full', () => {
    expect(syndicateFillOutcome({ sold: 60, total: 60 })).toBe('completed_by_house');
  });

  it('agrees with syndicateSharesNeeded for every count up to 40 shares', () => {
    for (let total = 1; total <= 40; total++) {
      for (let sold = 0; sold <= total; sold++) {
        const ahead = sold >= syndicateSharesNeeded(total);
        expect(syndicateFillOutcome({ sold, total })).toBe(ahead ? 'completed_by_house' : 'cancelled');
      }
    }
  });

  it('refuses counts that cannot be', () => {
    expect(() => syndicateFillOutcome({ sold: 61, total: 60 })).toThrow(RangeError);
    expect(() => syndicateFillOutcome({ sold: -1, total: 60 })).toThrow(RangeError);
    expect(() => syndicateFillOutcome({ sold: 0, total: 0 })).toThrow(RangeError);
    expect(() => syndicateFillOutcome({ sold: 1.5, total: 3 })).toThrow(RangeError);
  });

  it('states the rule customers see before buying', () => {
    expect(SYNDICATE_FILL_RULE).toMatch(/^If fewer than half the shares are sold by the close/);
    expect(SYNDICATE_FILL_RULE).toContain('refunded in full');
  });

  it('tells a buyer the syndicate was cancelled and what was refunded', () => {
    const notice = syndicateCancelledNotice({
      offerName: 'Powerball Syndicate',
      drawNo: 1500,
      refundCents: 2480,
      ticketPath: '/my-account/past-tickets/ticket/t1',
    });
    expect(notice.title).toBe('Powerball Syndicate draw 1500 was cancelled');
    expect(notice.message).toContain('$24.80 has been refunded in full');
    expect(notice.actions[0]?.link).toBe('/my-account/past-tickets/ticket/t1');
    expect(notice.icon).toBe('wallet');
  });
});

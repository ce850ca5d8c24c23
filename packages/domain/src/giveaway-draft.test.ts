import { describe, expect, it } from 'vitest';
import {
  type GiveawayDraft,
  giveawayDraftErrors,
  giveawayDrawKey,
  giveawayExternalId,
  giveawayPath,
} from './giveaway-draft.ts';

const now = new Date('2026-11-28T00:00:00Z');
const draft: GiveawayDraft = {
  type: 'daily',
  title: '  Daily $50  ',
  description: '',
  pill: ' Tonight ',
  permits: null,
  open: '2026-11-28T00:00:00Z',
  close: '2026-11-28T09:00:00Z',
  prizes: [
    { title: '$50 cash', amount: 50, kind: 'cash' },
    { title: '$10 credit', amount: 10.5, kind: 'credit' },
  ],
  images: [],
};
const errorsOf = (more: Partial<GiveawayDraft>) => {
  const checked = giveawayDraftErrors({ ...draft, ...more }, now);
  return checked.ok ? {} : checked.errors;
};

describe('giveawayDraftErrors', () => {
  it('answers the stored values: trimmed text, instants, prize amounts in cents', () => {
    expect(giveawayDraftErrors(draft, now)).toEqual({
      ok: true,
      values: {
        type: 'daily',
        title: 'Daily $50',
        description: '',
        pill: 'Tonight',
        permits: null,
        opensAt: new Date('2026-11-28T00:00:00Z'),
        closesAt: new Date('2026-11-28T09:00:00Z'),
        prizes: [
          { title: '$50 cash', amountCents: 5000, kind: 'cash' },
          { title: '$10 credit', amountCents: 1050, kind: 'credit' },
        ],
        images: [],
      },
    });
  });

  it('needs a title', () => {
    expect(errorsOf({ title: '   ' }).title?.[0]?.code).toBe('invalid_title');
  });

  it('closes after it opens, and in the future', () => {
    expect(errorsOf({ close: '2026-11-27T23:00:00Z' }).close?.[0]?.code).toBe('close_in_past');
    expect(errorsOf({ close: now.toISOString() }).close?.[0]?.code).toBe('close_in_past');
    expect(errorsOf({ open: '2026-11-29T00:00:00Z', close: '2026-11-28T10:00:00Z' }).close?.[0]?.code).toBe(
      'close_before_open',
    );
    expect(errorsOf({ open: 'soon' }).open?.[0]?.code).toBe('invalid_date');
    expect(errorsOf({ close: 'later' }).close?.[0]?.code).toBe('invalid_date');
  });

  it('takes 1 to 50 prizes, each above nothing and at most $1,000,000, in whole cents', () => {
    const prize = { title: 'Cash', amount: 5, kind: 'cash' as const };
    expect(errorsOf({ prizes: [] }).prizes?.[0]?.code).toBe('prizes_required');
    expect(errorsOf({ prizes: Array.from({ length: 50 }, () => prize) })).toEqual({});
    expect(errorsOf({ prizes: Array.from({ length: 51 }, () => prize) }).prizes?.[0]?.code).toBe(
      'too_many_prizes',
    );
    for (const amount of [0, -5, 1_000_000.01, 1.005, Number.NaN]) {
      expect(errorsOf({ prizes: [{ ...prize, amount }] }).prizes?.[0]?.code, String(amount)).toBe(
        'invalid_prize_amount',
      );
    }
    expect(errorsOf({ prizes: [{ ...prize, amount: 1_000_000 }] })).toEqual({});
    expect(errorsOf({ prizes: [{ ...prize, title: ' ' }] }).prizes?.[0]?.message).toBe(
      'Prize 1: a title is 1 to 120 characters.',
    );
  });

  it('reports every wrong field at once', () => {
    expect(Object.keys(errorsOf({ title: '', close: 'x', prizes: [] })).sort()).toEqual([
      'close',
      'prizes',
      'title',
    ]);
  });
});

describe('giveaway names', () => {
  it('gives the reference, the draw key and the page of a giveaway', () => {
    expect(giveawayExternalId('monthly', 3)).toBe('DW-MONTHLY-3');
    expect(giveawayDrawKey('daily')).toBe('giveaway-daily');
    expect(giveawayPath('major', 2)).toBe('/daily-winners/giveaways/major/2');
  });
});

import type { Session } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  autosessionChoices,
  drawChoices,
  groupView,
  orderViews,
  publicityChoices,
  sessionView,
} from './lotto-party-view';

const aud = (amount: number) => ({ amount, currency: 'AUD' });

function session(over: Partial<Session> = {}): Session {
  return {
    sessionId: 's1',
    groupId: 'g1',
    groupName: 'Office Pool',
    draw: {
      drawId: 'd1',
      drawNo: 1501,
      productOfferKey: 'powerball',
      offerName: 'Powerball',
      stopDate: '2026-11-26T08:00:00Z',
      drawDate: '2026-11-26T09:30:00Z',
    },
    status: 'open',
    autosessionStatus: 'off',
    sharePrice: aud(2.5),
    totalShares: 10,
    sharesSold: 3,
    sharesLeft: 7,
    pot: aud(7.5),
    myShares: 2,
    isMember: true,
    isOwner: true,
    holdings: [
      { displayName: 'Ann B.', shares: 2, isMe: true },
      { displayName: 'Cal D.', shares: 1, isMe: false },
    ],
    games: null,
    prize: null,
    myPrize: null,
    myRefund: null,
    createdAt: '2026-11-24T00:00:00Z',
    ...over,
  };
}

describe('sessionView', () => {
  it('says the price, shares sold, pot and what the member holds', () => {
    const v = sessionView(session());
    expect(v.sharePriceText).toBe('$2.50');
    expect(v.sharesText).toBe('3 of 10 shares sold');
    expect(v.potText).toBe('$7.50');
    expect(v.myPartText).toBe('You hold 2 shares ($5.00).');
    expect(v.holdings).toEqual([
      { name: 'Ann B.', shares: 2, isMe: true },
      { name: 'Cal D.', shares: 1, isMe: false },
    ]);
    expect(v.drawText).toMatch(/^Draw 1501, Thu 26 Nov 2026, 8:30pm$/);
    expect(v.resultText).toBeNull();
  });

  it('shows the games bought and the prize with the member part once paid', () => {
    const v = sessionView(
      session({
        status: 'paid',
        games: [{ numbers: [1, 2, 3], powerball: [7] }],
        prize: aud(100.01),
        myPrize: aud(66.67),
      }),
    );
    expect(v.games).toEqual([
      {
        key: '0',
        lines: [
          { label: 'Numbers', numbers: '1, 2, 3' },
          { label: 'Powerball', numbers: '7' },
        ],
      },
    ]);
    expect(v.resultText).toBe('The entry won $100.01. Your part: $66.67.');
  });

  it('says no prize for a paid session that won nothing, and the refund of a cancelled one', () => {
    expect(sessionView(session({ status: 'paid', prize: aud(0) })).resultText).toBe('No prize this time.');
    expect(sessionView(session({ status: 'cancelled', myRefund: aud(5) })).resultText).toBe(
      'Refunded to you: $5.00.',
    );
  });

  it('says when the member holds nothing', () => {
    expect(sessionView(session({ myShares: 0 })).myPartText).toBe('You hold no shares yet.');
    expect(sessionView(session({ myShares: 1 })).myPartText).toBe('You hold 1 share ($2.50).');
  });
});

describe('groupView', () => {
  it('counts members and carries the open session', () => {
    const v = groupView({
      groupId: 'g1',
      groupName: 'Office Pool',
      publicityStatus: 'private',
      isOwner: true,
      members: [{ displayName: 'Ann B.', isOwner: true, isMe: true }],
      openSession: session(),
      createdAt: '2026-11-24T00:00:00Z',
    });
    expect(v.memberText).toBe('1 member');
    expect(v.openSession?.id).toBe('s1');
  });
});

describe('publicityChoices', () => {
  it('offers the moves of the table: private only to promoted, promoted and public either way', () => {
    expect(publicityChoices('private')).toEqual(['promoted']);
    expect(publicityChoices('promoted')).toEqual(['private', 'public']);
    expect(publicityChoices('public')).toEqual(['private', 'promoted']);
  });
});

describe('autosessionChoices', () => {
  it('offers the moves of the domain table only', () => {
    expect(autosessionChoices('on')).toEqual(['paused', 'off']);
    expect(autosessionChoices('paused')).toEqual(['on', 'off']);
    expect(autosessionChoices('off')).toEqual(['on']);
  });
});

describe('drawChoices', () => {
  const draw = (drawId: string, productOfferKey: string) => ({
    drawId,
    drawNo: 7,
    productOfferKey,
    offerName: productOfferKey,
    stopDate: '2026-11-26T08:00:00Z',
    drawDate: '2026-11-26T09:30:00Z',
    gamePrice: aud(1.35),
  });

  it("keeps only the offer's draws when one is named", () => {
    const draws = [draw('a', 'powerball'), draw('b', 'oz-lotto')];
    expect(drawChoices(draws, 'oz-lotto').map((d) => d.drawId)).toEqual(['b']);
    expect(drawChoices(draws)).toHaveLength(2);
    expect(drawChoices(draws, 'powerball')[0]?.gamePriceText).toBe('$1.35');
  });
});

describe('orderViews', () => {
  const order = (over: Record<string, unknown> = {}) => ({
    id: 'o1',
    checkoutId: 'c1',
    createdAt: '2026-11-24T09:30:00Z',
    sessionId: 's1',
    description: 'Lotto Party: Office Pool - 2 shares',
    numShares: 2,
    total: aud(5),
    sessionStatus: 'open' as const,
    refund: null,
    prize: null,
    details: null,
    ...over,
  });

  it('says when, how many shares and what they cost, then any refund and prize', () => {
    expect(orderViews([order()])).toEqual([
      { id: 'o1', text: 'Tue 24 Nov 2026, 8:30pm: 2 shares for $5.00', outcome: null },
    ]);
    expect(orderViews([order({ refund: aud(0.4), prize: aud(12.34) })])[0]?.outcome).toBe(
      'Refunded $0.40, won $12.34.',
    );
    expect(orderViews([order({ refund: aud(0), prize: aud(0) })])[0]?.outcome).toBeNull();
  });
});

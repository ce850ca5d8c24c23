import { describe, expect, it } from 'vitest';
import { displayName, sessionView } from './lotto-party.view.ts';
import type { HoldingRecord, SessionRecord } from './sessions.repository.ts';

describe('displayName', () => {
  it('is the first name and the last name initial', () => {
    expect(displayName({ firstname: 'Sam', lastname: 'Kelly' })).toBe('Sam K.');
    expect(displayName({ firstname: '  Sam ', lastname: ' kelly' })).toBe('Sam K.');
    expect(displayName({ firstname: 'Émile', lastname: 'Ōtsuka' })).toBe('Émile Ō.');
    expect(displayName({ firstname: 'Cher', lastname: '   ' })).toBe('Cher');
  });
});

const at = new Date('2026-11-26T09:30:00.000Z');
const record: SessionRecord = {
  session: {
    id: 's-1',
    groupId: 'g-1',
    drawId: 'd-1',
    productOfferKey: 'powerball',
    gameOffer: 'powerball-standard',
    sharePriceCents: 250,
    totalShares: 10,
    sharesSold: 7,
    status: 'open',
    autosessionStatus: 'on',
    createdBy: 'c-sam',
    games: null,
    spentCents: null,
    refundedCents: null,
    prizeCents: null,
    held: false,
    approvedBy: null,
    nextSessionId: null,
    createdAt: at,
    closedAt: null,
  },
  groupName: 'Friday Crew',
  ownerId: 'c-sam',
  publicityStatus: 'private',
  draw: { id: 'd-1', drawNo: 1661, productOfferKey: 'powerball', stopAt: at, drawAt: at },
  offerName: 'Powerball',
};
const holding = (customerId: string, shares: number, extra: Partial<HoldingRecord> = {}): HoldingRecord => ({
  sessionId: 's-1',
  customerId,
  firstname: customerId === 'c-sam' ? 'Sam' : 'Alex',
  lastname: customerId === 'c-sam' ? 'Kelly' : 'Nguyen',
  shares,
  refundCents: null,
  prizeCents: null,
  ...extra,
});

describe('sessionView', () => {
  it('counts the pot and shares left, and marks the caller among the holdings', () => {
    const view = sessionView(
      record,
      [
        holding('c-sam', 4),
        holding('c-alex', 3, { refundCents: 5 }),
        { ...holding('c-x', 9), sessionId: 's-2' },
      ],
      'c-alex',
      true,
    );
    expect(view.isMember).toBe(true);
    expect(view.isOwner).toBe(false);
    expect(sessionView(record, [], 'c-sam', true).isOwner).toBe(true);
    expect(view.pot).toEqual({ amount: 17.5, currency: 'AUD' });
    expect(view.sharesLeft).toBe(3);
    expect(view.myShares).toBe(3);
    expect(view.myRefund).toEqual({ amount: 0.05, currency: 'AUD' });
    expect(view.myPrize).toBeNull();
    expect(view.holdings).toEqual([
      { displayName: 'Sam K.', shares: 4, isMe: false },
      { displayName: 'Alex N.', shares: 3, isMe: true },
    ]);
  });

  it('shows a customer without shares none of their own', () => {
    const view = sessionView(record, [holding('c-sam', 4)], 'c-other', false);
    expect(view.isMember).toBe(false);
    expect(view.myShares).toBe(0);
    expect(view.holdings.every((h) => !h.isMe)).toBe(true);
  });
});

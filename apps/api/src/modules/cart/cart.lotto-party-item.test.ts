import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import type { LottoPartySessionForCart } from '../lotto-party/index.ts';
import { buildLottoPartyItem } from './cart.lotto-party-item.ts';

const now = new Date('2026-11-24T10:00:00Z');

function found(overrides: {
  status?: 'open' | 'closed';
  publicity?: 'private' | 'public';
  isMember?: boolean;
  sold?: number;
  drawStatus?: 'DRAW_OPEN' | 'DRAW_CLOSED';
  stopAt?: Date;
}): LottoPartySessionForCart {
  return {
    session: {
      id: 'session-1',
      groupId: 'group-1',
      drawId: 'draw-1',
      productOfferKey: 'powerball',
      gameOffer: 'powerball-standard',
      sharePriceCents: 250,
      totalShares: 10,
      sharesSold: overrides.sold ?? 4,
      status: overrides.status ?? 'open',
      autosessionStatus: 'off',
      createdBy: 'owner',
      games: null,
      spentCents: null,
      refundedCents: null,
      prizeCents: null,
      held: false,
      approvedBy: null,
      nextSessionId: null,
      createdAt: now,
      closedAt: null,
    },
    group: {
      id: 'group-1',
      name: 'Office Pool',
      nameKey: 'office pool',
      publicityStatus: overrides.publicity ?? 'private',
      ownerId: 'owner',
      createdAt: now,
    },
    draw: {
      id: 'draw-1',
      productOfferKey: 'powerball',
      drawNo: 1500,
      type: 'lottery_ticket_draw',
      status: overrides.drawStatus ?? 'DRAW_OPEN',
      stopAt: overrides.stopAt ?? new Date(now.getTime() + 60_000),
      drawAt: new Date(now.getTime() + 120_000),
      preOrderStartAt: null,
      prizePoolCents: null,
      prizePoolSuffix: '',
      isPrizePoolUnknown: false,
      purchaseStatus: 'open',
      featureImage: null,
      closedAt: null,
      publishedAt: null,
      scoredAt: null,
      paidAt: null,
      emailedAt: null,
      releaseFirstApprovedBy: null,
      releaseFirstApprovedAt: null,
      releaseFirstApprovedCents: null,
      createdAt: now,
    },
    offerName: 'Powerball',
    isMember: overrides.isMember ?? true,
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'accepted';
};

describe('buildLottoPartyItem', () => {
  it('prices shares x the share price and describes the group and shares', () => {
    const item = buildLottoPartyItem(found({}), { sessionId: 'session-1', numShares: 3 }, { now, held: 0 });
    expect(item.unitPriceCents).toBe(750);
    expect(item.productType).toBe('syndicate_share');
    expect(item.drawId).toBe('draw-1');
    expect(item.payload).toMatchObject({
      gameType: 'lotto_party',
      sessionId: 'session-1',
      numShares: 3,
      purchaseStatus: 'open',
      description: 'Lotto Party: Office Pool - 3 shares',
    });
  });

  it("hides a private group's session from a non-member, not a public group's", () => {
    const body = { sessionId: 'session-1', numShares: 1 };
    expect(refusal(() => buildLottoPartyItem(undefined, body, { now, held: 0 }))).toBe(
      '404 session_not_found',
    );
    expect(refusal(() => buildLottoPartyItem(found({ isMember: false }), body, { now, held: 0 }))).toBe(
      '404 session_not_found',
    );
    expect(
      refusal(() =>
        buildLottoPartyItem(found({ isMember: false, publicity: 'public' }), body, { now, held: 0 }),
      ),
    ).toBe('accepted');
  });

  it('refuses a closed session or draw with draw_closed', () => {
    const body = { sessionId: 'session-1', numShares: 1 };
    for (const f of [
      found({ status: 'closed' }),
      found({ drawStatus: 'DRAW_CLOSED' }),
      found({ stopAt: new Date(now.getTime() - 1) }),
    ]) {
      expect(refusal(() => buildLottoPartyItem(f, body, { now, held: 0 }))).toBe('400 draw_closed');
    }
  });

  it('sells no more than the shares left after those the cart holds', () => {
    const take = (numShares: number, held: number) =>
      refusal(() =>
        buildLottoPartyItem(found({ sold: 4 }), { sessionId: 'session-1', numShares }, { now, held }),
      );
    expect(take(6, 0)).toBe('accepted');
    expect(take(7, 0)).toBe('400 sold_out');
    expect(take(4, 2)).toBe('accepted');
    expect(take(5, 2)).toBe('400 sold_out');
    expect(take(1, 6)).toBe('400 sold_out');
  });
});

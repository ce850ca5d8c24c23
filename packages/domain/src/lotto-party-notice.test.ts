import { describe, expect, it } from 'vitest';
import {
  lottoPartyCancelledNotice,
  lottoPartyClosedNotice,
  lottoPartyHeldNotice,
  lottoPartyResultNotice,
  lottoPartySessionPath,
} from './lotto-party-notice.ts';

const session = { sessionId: 's-1', groupName: 'Office Pool', offerName: 'Powerball', drawNo: 1500 };

describe('lotto party notices', () => {
  it('tells the games bought and the refund of what the pot could not spend', () => {
    const notice = lottoPartyClosedNotice({ ...session, games: 3, refundCents: 125 });
    expect(notice.title).toBe('Office Pool: your entry is in');
    expect(notice.message).toBe(
      'Powerball draw 1500: the pot bought 3 games. $1.25 the pot could not spend is back in your wallet. Good luck!',
    );
    expect(notice.actions[0]?.link).toBe(lottoPartySessionPath('s-1'));
    expect(notice.icon).toBe('ticket');
    expect(lottoPartyClosedNotice({ ...session, games: 1, refundCents: 0 }).message).toBe(
      'Powerball draw 1500: the pot bought 1 game. Good luck!',
    );
  });

  it('tells a cancelled session refunded in full', () => {
    const notice = lottoPartyCancelledNotice({ ...session, refundCents: 400 });
    expect(notice.message).toContain('$4.00 is back in your wallet');
    expect(notice.isAutoDismissed).toBe(false);
    expect(notice.icon).toBe('wallet');
  });

  it('names the member’s part of a prize, or says there was no win', () => {
    const won = lottoPartyResultNotice({ ...session, prizeCents: 1_234 });
    expect(won.title).toBe('Office Pool won!');
    expect(won.message).toContain('$12.34');
    expect(won.icon).toBe('trophy');
    const lost = lottoPartyResultNotice({ ...session, prizeCents: 0 });
    expect(lost.title).toBe('Office Pool: no win this time');
    expect(lost.isAutoDismissed).toBe(true);
    expect(lost.icon).toBe('ticket');
  });
  it('tells a prize waiting for approval, kept on the feed until dismissed', () => {
    const held = lottoPartyHeldNotice({
      sessionId: 's1',
      groupName: 'Friday Crew',
      offerName: 'Powerball',
      drawNo: 1501,
      prizeCents: 3_000_001,
    });
    expect(held.title).toBe('Friday Crew won!');
    expect(held.message).toContain('won $30,000.01');
    expect(held.message).toContain('once it is approved');
    expect(held.isAutoDismissed).toBe(false);
    expect(held.actions[0]?.link).toBe('/lotto-party/session/s1');
  });
});

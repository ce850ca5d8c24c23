import { describe, expect, it } from 'vitest';
import { giveawayWinNotice } from './giveaway-notice.ts';

describe('giveawayWinNotice', () => {
  const args = {
    giveawayTitle: 'Daily $50',
    prizeTitle: '$50 cash',
    amountCents: 5000,
    giveawayPath: '/daily-winners/giveaways/daily/3',
  };

  it('tells a cash prize is in the wallet', () => {
    const notice = giveawayWinNotice({ ...args, kind: 'cash' });
    expect(notice.title).toBe('You won $50.00 in Daily Winners!');
    expect(notice.message).toBe('Daily $50: your entry won $50 cash. $50.00 is in your wallet.');
    expect(notice.actions[0]?.link).toBe('/daily-winners/giveaways/daily/3');
  });

  it('tells a credit prize is promotional credit', () => {
    expect(giveawayWinNotice({ ...args, kind: 'credit' }).message).toContain('of promotional credit');
  });
});

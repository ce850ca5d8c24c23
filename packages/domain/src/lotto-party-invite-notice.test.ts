import { describe, expect, it } from 'vitest';
import { lottoPartyOpenedNotice } from './lotto-party-invite-notice.ts';

describe('lottoPartyOpenedNotice', () => {
  it('names the opener, the draw and links to the session', () => {
    const notice = lottoPartyOpenedNotice({
      sessionId: 's-1',
      groupName: 'Friday Crew',
      offerName: 'Powerball',
      drawNo: 1661,
      openedBy: 'Sam K.',
    });
    expect(notice.title).toBe('Friday Crew: a new session');
    expect(notice.message).toBe(
      'Sam K. opened a session on Powerball draw 1661. Buy your shares before the draw closes.',
    );
    expect(notice.isAutoDismissed).toBe(false);
    expect(notice.actions).toEqual([
      { id: 'session', text: 'Buy shares', link: '/lotto-party/session/s-1', deepLink: null },
    ]);
  });
});

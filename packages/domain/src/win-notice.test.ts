import { describe, expect, it } from 'vitest';
import { winNotice } from './win-notice.ts';

const TICKET = '/my-account/ticket/7f3c';

describe('winNotice', () => {
  it('announces a cash win paid into the wallet, however small', () => {
    expect(winNotice({ offerName: 'Powerball', drawNo: 1498, prizeCents: 1250, ticketPath: TICKET })).toEqual(
      {
        title: 'You won $12.50!',
        icon: 'trophy',
        message: 'Powerball draw 1498: your ticket won $12.50. It is in your wallet.',
        isAutoDismissed: false,
        actions: [{ id: 'view-ticket', text: 'View ticket', link: TICKET, deepLink: null }],
      },
    );
    expect(winNotice({ offerName: 'Super 66', drawNo: 12, prizeCents: 5, ticketPath: TICKET }).title).toBe(
      'You won $0.05!',
    );
  });

  it('says a held prize is being approved', () => {
    const notice = winNotice({
      offerName: 'Oz Lotto',
      drawNo: 1600,
      prizeCents: 2_500_000_00,
      ticketPath: TICKET,
      held: true,
    });
    expect(notice.title).toBe('You won $2,500,000.00!');
    expect(notice.message).toBe(
      'Oz Lotto draw 1600: your ticket won $2,500,000.00. The prize is being approved and will be paid into your wallet once it is.',
    );
    expect(notice.isAutoDismissed).toBe(false);
  });

  it('names a raffle prize that is not cash', () => {
    const notice = winNotice({
      offerName: 'Home Raffle',
      drawNo: 3,
      prizeCents: null,
      prizeName: 'Toyota RAV4',
      ticketPath: TICKET,
    });
    expect(notice.title).toBe('You won Toyota RAV4!');
    expect(notice.message).toBe(
      'Home Raffle draw 3: your ticket won Toyota RAV4. We will contact you to arrange your prize.',
    );
  });

  it('names a cash raffle prize with its amount', () => {
    const notice = winNotice({
      offerName: 'Home Raffle',
      drawNo: 3,
      prizeCents: 100_000,
      prizeName: 'Second prize',
      ticketPath: TICKET,
    });
    expect(notice.title).toBe('You won $1,000.00!');
    expect(notice.message).toBe(
      'Home Raffle draw 3: your ticket won $1,000.00 (Second prize). It is in your wallet.',
    );
  });

  it('still announces a prize with neither amount nor name', () => {
    const notice = winNotice({
      offerName: 'Home Raffle',
      drawNo: 3,
      prizeCents: null,
      prizeName: ' ',
      ticketPath: TICKET,
    });
    expect(notice.title).toBe('You won a prize!');
    expect(notice.message).toBe(
      'Home Raffle draw 3: your ticket won a prize. We will contact you about your prize.',
    );
  });
});

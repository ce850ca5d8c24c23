import { describe, expect, it } from 'vitest';
import { depositNotice } from './deposit-notice.ts';

describe('depositNotice', () => {
  it('tells money added with its amount and method, pointing to the transactions', () => {
    const notice = depositNotice({ outcome: 'added', amountCents: 5000, method: 'Visa ending 4242' });
    expect(notice.title).toBe('$50.00 added to your balance');
    expect(notice.message).toBe(
      'Your deposit of $50.00 by Visa ending 4242 is in your balance. It is ready to play.',
    );
    expect(notice.actions).toEqual([
      { id: 'transactions', text: 'See my transactions', link: '/my-account/transactions', deepLink: null },
    ]);
  });

  it('says the money stays in the balance when the purchase it paid for failed', () => {
    const notice = depositNotice({
      outcome: 'added',
      amountCents: 1250,
      method: 'PayPal',
      purchaseFailed: true,
    });
    expect(notice.message).toBe(
      'Your deposit of $12.50 by PayPal is in your balance. Your purchase could not be completed, so the money stays in your balance.',
    );
  });

  it('tells a deposit left unfinished that nothing was charged, and offers to add funds', () => {
    const notice = depositNotice({ outcome: 'expired', amountCents: 5000, method: 'Visa ending 4242' });
    expect(notice.title).toBe('Your deposit of $50.00 did not go through');
    expect(notice.message).toContain('nothing was charged');
    expect(notice.actions[0]?.link).toBe('/my-account/deposit');
  });
});

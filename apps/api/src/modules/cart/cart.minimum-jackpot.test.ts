import { type CartItemBody, CartItemBodySchema } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { MINIMUM_JACKPOT_MESSAGES, minimumJackpotOf } from './cart.minimum-jackpot.ts';

const lottery = (fields: Record<string, unknown>): CartItemBody =>
  CartItemBodySchema.parse({
    lottery: 'powerball',
    gameType: 'standard',
    gameOffer: 'powerball-standard',
    numDraws: 1,
    recurringPurchase: { type: 'autoplay', enabled: true },
    ...fields,
  });

const aud = (amount: number) => ({ amount, currency: 'AUD' });

function refusalOf(body: CartItemBody): AppError {
  try {
    minimumJackpotOf(body);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the minimum jackpot was taken');
}

describe('minimumJackpotOf', () => {
  it('answers the cents of a lottery autoplay minimum, and nothing when none is sent', () => {
    expect(minimumJackpotOf(lottery({ minimumJackpotAmount: aud(20_000_000) }))).toBe(2_000_000_000);
    expect(minimumJackpotOf(lottery({ minimumJackpotAmount: aud(0.01) }))).toBe(1);
    expect(minimumJackpotOf(lottery({ minimumJackpotAmount: aud(500_000_000) }))).toBe(50_000_000_000);
    expect(minimumJackpotOf(lottery({}))).toBeUndefined();
    expect(
      minimumJackpotOf(lottery({ minimumJackpotAmount: null, recurringPurchase: null })),
    ).toBeUndefined();
  });

  it.each([
    [aud(0), 'The minimum jackpot must be more than $0.'],
    [aud(-1), 'The minimum jackpot must be more than $0.'],
    [aud(500_000_000.01), 'The minimum jackpot can be at most $500 million.'],
    [aud(10.001), 'The minimum jackpot must be a whole amount in cents.'],
    [{ amount: 20, currency: 'NZD' }, MINIMUM_JACKPOT_MESSAGES.currency],
  ])('refuses %o with 422 on minimum_jackpot_amount', (amount, message) => {
    const error = refusalOf(lottery({ minimumJackpotAmount: amount }));
    expect(error).toMatchObject({ status: 422, code: 'validation_error', message });
    expect(error.errors).toEqual({ minimum_jackpot_amount: [{ code: 'invalid', message }] });
  });

  it('refuses a minimum without autoplay on, and on syndicates and raffles', () => {
    const minimum = { minimumJackpotAmount: aud(20_000_000) };
    expect(refusalOf(lottery({ ...minimum, recurringPurchase: null })).message).toBe(
      MINIMUM_JACKPOT_MESSAGES.autoplayOnly,
    );
    expect(
      refusalOf(lottery({ ...minimum, recurringPurchase: { type: 'autoplay', enabled: false } })).message,
    ).toBe(MINIMUM_JACKPOT_MESSAGES.autoplayOnly);
    const recurringPurchase = { type: 'autoplay', enabled: true };
    for (const body of [
      { syndicate: 'powerball-syndicate', numShares: 1, recurringPurchase, ...minimum },
      { lottery: 'coastal-prize-home', book: 5, recurringPurchase, ...minimum },
    ]) {
      expect(refusalOf(CartItemBodySchema.parse(body)).message).toBe(MINIMUM_JACKPOT_MESSAGES.lotteryOnly);
    }
  });
});

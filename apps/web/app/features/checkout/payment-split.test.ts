import { describe, expect, it } from 'vitest';
import { paymentSplit } from './payment-split';

describe('paymentSplit', () => {
  it('charges the cart total less pre-orders, all of it by card without the balance', () => {
    expect(
      paymentSplit({ cartTotalCents: 2500, preOrderTotalCents: 700, balanceCents: 5000, useBalance: false }),
    ).toEqual({ dueNowCents: 1800, fromBalanceCents: 0, toPayCents: 1800 });
  });

  it('takes the balance first and leaves the remainder to the card', () => {
    expect(
      paymentSplit({ cartTotalCents: 2500, preOrderTotalCents: 0, balanceCents: 1000, useBalance: true }),
    ).toEqual({ dueNowCents: 2500, fromBalanceCents: 1000, toPayCents: 1500 });
  });

  it('leaves nothing to the card when the balance covers the amount due', () => {
    expect(
      paymentSplit({ cartTotalCents: 1200, preOrderTotalCents: 200, balanceCents: 5000, useBalance: true }),
    ).toEqual({ dueNowCents: 1000, fromBalanceCents: 1000, toPayCents: 0 });
  });

  it('never charges a pre-order-only cart now, nor counts a negative balance', () => {
    expect(
      paymentSplit({ cartTotalCents: 700, preOrderTotalCents: 700, balanceCents: 5000, useBalance: true }),
    ).toEqual({ dueNowCents: 0, fromBalanceCents: 0, toPayCents: 0 });
    expect(
      paymentSplit({ cartTotalCents: 700, preOrderTotalCents: 0, balanceCents: -300, useBalance: true }),
    ).toEqual({ dueNowCents: 700, fromBalanceCents: 0, toPayCents: 700 });
  });
});

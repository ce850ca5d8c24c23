import { describe, expect, it } from 'vitest';
import { workedExample } from './worked-example';

describe('workedExample', () => {
  it('tells the pot, the games it buys, the refund and the prize split by the real rules', () => {
    expect(workedExample()).toEqual({
      setup: 'Three friends buy 10 shares at $5.00 (Sam 4, Alex 3, Kim 3): the pot is $50.00.',
      close: 'At the close, with one game at $1.55, the pot buys 32 quick-pick games for $49.60.',
      refunds: 'The $0.40 left over is refunded by shares: Sam $0.16, Alex $0.12, Kim $0.12.',
      prize:
        'A $250.01 prize is split by shares: Sam $100.00, Alex $75.00, Kim $75.00 (the $0.01 that cannot be split evenly stays with Drawhouse).',
    });
  });

  it('caps the games at the offer maximum and refunds the rest', () => {
    const capped = workedExample({
      sharePriceCents: 500,
      gamePriceCents: 155,
      prizeCents: 300,
      maxGames: 10,
    });
    expect(capped.close).toContain('buys 10 quick-pick games for $15.50');
    expect(capped.refunds).toContain('$34.50 left over');
    expect(capped.prize).toBe('A $3.00 prize is split by shares: Sam $1.20, Alex $0.90, Kim $0.90.');
  });
});

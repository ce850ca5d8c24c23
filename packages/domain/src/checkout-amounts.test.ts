import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  balanceSplit,
  chargedByKey,
  lineCharges,
  purchaseDebits,
} from './checkout-amounts.ts';

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

describe('amountDueCents', () => {
  it('is the items less the discount less the pre-orders', () => {
    expect(amountDueCents(3000, 500, 1000)).toBe(1500);
    expect(amountDueCents(3000, 0, 0)).toBe(3000);
  });

  it('is never below zero', () => {
    expect(amountDueCents(1000, 800, 500)).toBe(0);
    expect(amountDueCents(1000, 0, 1000)).toBe(0);
  });
});

describe('chargedByKey', () => {
  it('takes the discount off the first lines and merges lines of one key', () => {
    const lines = [
      { key: 'lottery_ticket', cents: 700 },
      { key: 'raffle_ticket', cents: 1000 },
      { key: 'lottery_ticket', cents: 300 },
    ];
    expect(chargedByKey(lines, 900)).toEqual(
      new Map([
        ['lottery_ticket', 300],
        ['raffle_ticket', 800],
      ]),
    );
  });

  it('always sums to the lines less the discount, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c'), cents: fc.nat(100_000) }), {
          maxLength: 8,
        }),
        fc.nat(500_000),
        (lines, discount) => {
          const charged = chargedByKey(lines, discount);
          expect(sum(charged.values())).toBe(Math.max(sum(lines.map((l) => l.cents)) - discount, 0));
          for (const cents of charged.values()) expect(cents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('balanceSplit', () => {
  it('uses promotional credit, then cash, then a deposit', () => {
    expect(balanceSplit(5000, { promo: 1000, wallet: 1500 }, true)).toEqual({
      fromPromo: 1000,
      fromWallet: 4000,
      fromDeposit: 2500,
    });
    expect(balanceSplit(500, { promo: 1000, wallet: 1500 }, true)).toEqual({
      fromPromo: 500,
      fromWallet: 0,
      fromDeposit: 0,
    });
  });

  it('without the wallet, the deposit pays everything', () => {
    expect(balanceSplit(5000, { promo: 1000, wallet: 1500 }, false)).toEqual({
      fromPromo: 0,
      fromWallet: 5000,
      fromDeposit: 5000,
    });
  });

  it('always pays exactly what is due and never more than the balances hold', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.boolean(),
        (due, promo, wallet, use) => {
          const split = balanceSplit(due, { promo, wallet }, use);
          expect(split.fromPromo + split.fromWallet).toBe(due);
          expect(split.fromPromo).toBeLessThanOrEqual(promo);
          expect(split.fromWallet - split.fromDeposit).toBeLessThanOrEqual(wallet);
          expect(split.fromDeposit).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('purchaseDebits', () => {
  it('pays each sales account from promotional credit while it lasts, then from the wallet', () => {
    const charged = new Map([
      ['lottery_ticket', 700],
      ['raffle_ticket', 1000],
    ]);
    expect(purchaseDebits(charged, 900)).toEqual([
      { from: 'promo', key: 'lottery_ticket', cents: 700 },
      { from: 'promo', key: 'raffle_ticket', cents: 200 },
      { from: 'wallet', key: 'raffle_ticket', cents: 800 },
    ]);
  });

  it('moves exactly what was charged, with no empty movement', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { maxLength: 4 }), fc.nat(50_000), (amounts, promo) => {
        const charged = new Map(amounts.map((cents, i) => [`k${i}`, cents]));
        const total = sum(charged.values());
        const debits = purchaseDebits(charged, Math.min(promo, total));
        expect(sum(debits.map((d) => d.cents))).toBe(total);
        expect(sum(debits.filter((d) => d.from === 'promo').map((d) => d.cents))).toBe(
          Math.min(promo, total),
        );
        for (const d of debits) expect(d.cents).toBeGreaterThan(0);
      }),
    );
  });
});

describe('lineCharges', () => {
  it('takes the discount off the first lines and spends promotional credit account by account', () => {
    const lines = [
      { key: 'lottery_ticket', cents: 300 },
      { key: 'syndicate_share', cents: 500 },
      { key: 'lottery_ticket', cents: 200 },
    ];
    expect(lineCharges(lines, 400, 250)).toEqual([
      { cents: 0, promo: 0 },
      { cents: 400, promo: 50 },
      { cents: 200, promo: 200 },
    ]);
  });

  it('charges each account what the purchase transfers do, line by line', () => {
    const line = fc.record({
      key: fc.constantFrom('a', 'b', 'c'),
      cents: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        (lines, discount, promo) => {
          const charged = chargedByKey(lines, discount);
          const total = [...charged.values()].reduce((a, b) => a + b, 0);
          const fromPromo = Math.min(promo, total);
          const parts = lineCharges(lines, discount, fromPromo);
          const debits = purchaseDebits(charged, fromPromo);
          for (const key of charged.keys()) {
            const mine = parts.filter((_, i) => lines[i]?.key === key);
            expect(mine.reduce((n, p) => n + p.cents, 0)).toBe(charged.get(key));
            const promoOf = debits.filter((d) => d.key === key && d.from === 'promo');
            expect(mine.reduce((n, p) => n + p.promo, 0)).toBe(promoOf.reduce((n, d) => n + d.cents, 0));
          }
          for (const p of parts) expect(p.promo).toBeLessThanOrEqual(p.cents);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jackpotText } from './jackpot-text.ts';

const dollars = (n: number) => n * 100;

describe('jackpotText', () => {
  it('shows whole millions without a decimal', () => {
    expect(jackpotText({ amountCents: dollars(20_000_000) })).toEqual({
      text: '$20 million',
      footnote: false,
    });
    expect(jackpotText({ amountCents: dollars(1_000_000) })).toEqual({ text: '$1 million', footnote: false });
  });

  it('shows millions to two decimals: $1,650,000 is $1.65 million, not $1.6', () => {
    expect(jackpotText({ amountCents: dollars(1_650_000) }).text).toBe('$1.65 million');
    expect(jackpotText({ amountCents: dollars(1_150_000) }).text).toBe('$1.15 million');
    expect(jackpotText({ amountCents: dollars(1_050_000) }).text).toBe('$1.05 million');
    expect(jackpotText({ amountCents: dollars(150_990_000) }).text).toBe('$150.99 million');
  });

  it('rounds millions down, never up', () => {
    expect(jackpotText({ amountCents: dollars(1_199_999) }).text).toBe('$1.19 million');
    expect(jackpotText({ amountCents: dollars(1_009_999) }).text).toBe('$1 million');
    expect(jackpotText({ amountCents: dollars(20_099_999) }).text).toBe('$20.09 million');
  });

  it('drops trailing zeros after rounding down', () => {
    expect(jackpotText({ amountCents: dollars(1_500_000) }).text).toBe('$1.5 million');
    expect(jackpotText({ amountCents: dollars(1_100_000) }).text).toBe('$1.1 million');
    expect(jackpotText({ amountCents: dollars(1_000_001) }).text).toBe('$1 million');
    expect(jackpotText({ amountCents: dollars(20_000_000) }).text).toBe('$20 million');
  });

  it('never rounds up: a cent short of a million is not a million', () => {
    expect(jackpotText({ amountCents: 99_999_999 }).text).toBe('$999,999');
    expect(jackpotText({ amountCents: 100_000_000 }).text).toBe('$1 million');
  });

  it('groups thousands of millions', () => {
    expect(jackpotText({ amountCents: dollars(1_234_500_000) }).text).toBe('$1,234.5 million');
  });

  it('shows the whole amount below a million without a suffix', () => {
    expect(jackpotText({ amountCents: dollars(999_999) })).toEqual({ text: '$999,999', footnote: false });
    expect(jackpotText({ amountCents: dollars(500_000), suffix: '' }).text).toBe('$500,000');
    expect(jackpotText({ amountCents: dollars(500_000), suffix: null }).text).toBe('$500,000');
    expect(jackpotText({ amountCents: 0 }).text).toBe('$0');
  });

  it('shows "Win {thousands}k" with the suffix below a million', () => {
    expect(jackpotText({ amountCents: dollars(999_999), suffix: '*' })).toEqual({
      text: 'Win $999k*',
      footnote: true,
    });
    expect(jackpotText({ amountCents: dollars(500_000), suffix: '*' }).text).toBe('Win $500k*');
    expect(jackpotText({ amountCents: dollars(1_000), suffix: '+' })).toEqual({
      text: 'Win $1k+',
      footnote: false,
    });
  });

  it('shows whole dollars with the suffix below a thousand', () => {
    expect(jackpotText({ amountCents: dollars(999), suffix: '*' })).toEqual({
      text: 'Win $999*',
      footnote: true,
    });
  });

  it('appends the suffix to millions and flags the asterisk footnote', () => {
    expect(jackpotText({ amountCents: dollars(20_000_000), suffix: '*' })).toEqual({
      text: '$20 million*',
      footnote: true,
    });
    expect(jackpotText({ amountCents: dollars(1_500_000), suffix: '+' })).toEqual({
      text: '$1.5 million+',
      footnote: false,
    });
  });

  it('shows "Announced soon" for an unknown prize pool', () => {
    const soon = { text: 'Announced soon', footnote: false };
    expect(jackpotText({ amountCents: dollars(20_000_000), suffix: '*', isUnknown: true })).toEqual(soon);
    expect(jackpotText({ amountCents: null })).toEqual(soon);
    expect(jackpotText({ amountCents: undefined })).toEqual(soon);
    expect(jackpotText({ amountCents: -1 })).toEqual(soon);
    expect(jackpotText({ amountCents: Number.NaN })).toEqual(soon);
  });

  it('never shows more millions than the amount, nor a hundredth of a million less (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000_000, max: 1e13 }), (cents) => {
        const match = /^\$([\d,]+(?:\.\d?[1-9])?) million$/.exec(jackpotText({ amountCents: cents }).text);
        if (!match?.[1]) return false;
        const shownHundredths = Math.round(Number(match[1].replaceAll(',', '')) * 100);
        return shownHundredths * 1_000_000 <= cents && cents < (shownHundredths + 1) * 1_000_000;
      }),
    );
  });

  it('flags the footnote exactly when the text ends with "*" (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom('', '*', '+', '**'),
        fc.boolean(),
        (cents, suffix, isUnknown) => {
          const result = jackpotText({ amountCents: cents, suffix, isUnknown });
          return result.footnote === result.text.endsWith('*');
        },
      ),
    );
  });
});

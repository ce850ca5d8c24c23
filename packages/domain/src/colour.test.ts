import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  isHexColour,
  NAV_LINK_CONTRAST_THRESHOLD,
  nearestColourDepth,
  parseHexColour,
  readableTextColour,
} from './colour.ts';

describe('isHexColour', () => {
  it('accepts 3 or 6 hex digits after #, either case', () => {
    for (const s of ['#abc', '#ABC', '#aabbcc', '#AaBbCc', '#000', '#ffffff', '#5b2d8e']) {
      expect(isHexColour(s), s).toBe(true);
    }
  });

  it('rejects other lengths, missing #, and non-hex digits', () => {
    for (const s of [
      'abc',
      'aabbcc',
      '#',
      '#ab',
      '#abcd',
      '#abcde',
      '#aabbccd',
      '#aabbccdd',
      '#ggg',
      '#abc ',
      ' #abc',
      '',
    ]) {
      expect(isHexColour(s), JSON.stringify(s)).toBe(false);
    }
  });
});

describe('parseHexColour', () => {
  it('expands the short form', () => {
    expect(parseHexColour('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
    expect(parseHexColour('#5b2d8e')).toEqual({ r: 0x5b, g: 0x2d, b: 0x8e });
  });

  it('rejects a non-hex colour', () => {
    expect(() => parseHexColour('red')).toThrow(RangeError);
  });
});

describe('nearestColourDepth', () => {
  it('keeps exact depths', () => {
    for (const depth of [1, 4, 8, 15, 16, 24, 32, 48]) expect(nearestColourDepth(depth)).toBe(depth);
  });

  it('maps to the nearest depth', () => {
    expect(nearestColourDepth(30)).toBe(32);
    expect(nearestColourDepth(23)).toBe(24);
    expect(nearestColourDepth(10)).toBe(8);
    expect(nearestColourDepth(13)).toBe(15);
    expect(nearestColourDepth(2)).toBe(1);
    expect(nearestColourDepth(3)).toBe(4);
    expect(nearestColourDepth(41)).toBe(48);
  });

  it('takes the lower depth on a tie', () => {
    expect(nearestColourDepth(2.5)).toBe(1);
    expect(nearestColourDepth(6)).toBe(4);
    expect(nearestColourDepth(15.5)).toBe(15);
    expect(nearestColourDepth(20)).toBe(16);
    expect(nearestColourDepth(28)).toBe(24);
    expect(nearestColourDepth(40)).toBe(32);
  });

  it('clamps values outside the range', () => {
    expect(nearestColourDepth(0)).toBe(1);
    expect(nearestColourDepth(-5)).toBe(1);
    expect(nearestColourDepth(64)).toBe(48);
    expect(nearestColourDepth(Number.POSITIVE_INFINITY)).toBe(48);
  });

  it('rejects NaN', () => {
    expect(() => nearestColourDepth(Number.NaN)).toThrow(RangeError);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#5b2d8e', '#5b2d8e')).toBe(1);
  });

  it('matches known WCAG values', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('is symmetric and between 1 and 21 (property)', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ratio = contrastRatio(a, b);
        return ratio === contrastRatio(b, a) && ratio >= 1 && ratio <= 21 + 1e-9;
      }),
    );
  });

  it('rejects a non-hex colour', () => {
    expect(() => contrastRatio('white', '#000')).toThrow(RangeError);
  });
});

describe('readableTextColour', () => {
  it('uses the nav link threshold of 4.5', () => {
    expect(NAV_LINK_CONTRAST_THRESHOLD).toBe(4.5);
  });

  it('picks the first candidate that meets the threshold', () => {
    expect(readableTextColour('#5b2d8e')).toBe('#ffffff');
    expect(readableTextColour('#ffffff')).toBe('#111111');
    expect(readableTextColour('#ffd400')).toBe('#111111');
  });

  it('prefers the earlier candidate when both pass', () => {
    expect(readableTextColour('#777777', ['#000000', '#ffffff'])).toBe('#000000');
  });

  it('passes a ratio equal to the threshold', () => {
    expect(readableTextColour('#000000', ['#ffffff', '#000000'], 21)).toBe('#ffffff');
  });

  it('passes #767676 on white (4.54) and fails #777777 (4.48)', () => {
    expect(readableTextColour('#767676', ['#ffffff', '#000000'])).toBe('#ffffff');
    expect(readableTextColour('#777777', ['#ffffff', '#000000'])).toBe('#000000');
  });

  it('falls back to the highest contrast when none passes', () => {
    expect(readableTextColour('#808080', ['#999999', '#666666'])).toBe('#666666');
    expect(readableTextColour('#808080', ['#a0a0a0'])).toBe('#a0a0a0');
  });

  it('rejects an empty candidate list', () => {
    expect(() => readableTextColour('#fff', [])).toThrow(RangeError);
  });
});

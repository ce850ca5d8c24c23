/**
 * Colour rules: the hex colour check, card colour depth for
 * 3-D Secure device data, and the contrast threshold for navigation links.
 */

/**
 * '#abc' or '#aabbcc', either case. Decision: the '#' is required (CSS needs it, and the theme sends
 * it); 4- and 8-digit forms with alpha are rejected: a colour has 3 or 6 digits.
 */
export function isHexColour(s: string): boolean {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(s);
}

export type Rgb = { r: number; g: number; b: number };

/** '#abc' or '#aabbcc' to 0-255 channels; RangeError when not a hex colour. */
export function parseHexColour(hex: string): Rgb {
  if (!isHexColour(hex)) throw new RangeError(`not a hex colour: ${JSON.stringify(hex)}`);
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const value = Number.parseInt(full, 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

export const COLOUR_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48] as const;

/**
 * The browser's colour depth mapped to the nearest value a card gateway accepts (1, 4, 8, 15, 16,
 * 24, 32, 48). Decision: a value exactly between two (20, 28, 40) takes the lower one. RangeError
 * for NaN.
 */
export function nearestColourDepth(n: number): number {
  if (Number.isNaN(n)) throw new RangeError('colour depth must be a number');
  const clamped = Math.min(Math.max(n, COLOUR_DEPTHS[0]), COLOUR_DEPTHS[7]);
  let best: number = COLOUR_DEPTHS[0];
  for (const depth of COLOUR_DEPTHS) {
    if (Math.abs(depth - clamped) < Math.abs(best - clamped)) best = depth;
  }
  return best;
}

function channelLuminance(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHexColour(hex);
  return 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
}

/** WCAG 2 contrast ratio, 1 to 21, the same whichever colour comes first. */
export function contrastRatio(hexA: string, hexB: string): number {
  const a = relativeLuminance(hexA);
  const b = relativeLuminance(hexB);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const NAV_LINK_CONTRAST_THRESHOLD = 4.5;

/**
 * The text colour to use on a background: the first candidate whose contrast meets the threshold
 * (4.5), else the candidate with the highest contrast (the first of equals). RangeError when there
 * are no candidates or a colour is not hex.
 */
export function readableTextColour(
  bgHex: string,
  candidates: readonly string[] = ['#ffffff', '#111111'],
  threshold: number = NAV_LINK_CONTRAST_THRESHOLD,
): string {
  let best: { colour: string; ratio: number } | undefined;
  for (const colour of candidates) {
    const ratio = contrastRatio(bgHex, colour);
    if (ratio >= threshold) return colour;
    if (!best || ratio > best.ratio) best = { colour, ratio };
  }
  if (!best) throw new RangeError('readableTextColour needs at least one candidate');
  return best.colour;
}

import { describe, expect, it } from 'vitest';
import { heroVariant } from './home-hero';

describe("the home hero's layout", () => {
  it("is the customer's experiment group when it names a layout, else the site config's", () => {
    expect(heroVariant('A', 'B')).toBe('B');
    expect(heroVariant('A', 'C')).toBe('C');
    expect(heroVariant('B', undefined)).toBe('B');
    expect(heroVariant('A', 'D')).toBe('A');
    expect(heroVariant('C', 'toString')).toBe('C');
  });
});

import { describe, expect, it } from 'vitest';
import { experimentGroups, localeRegion, parseExperiments } from './experiments.ts';

describe('experiments', () => {
  it('keeps named experiments with groups and ignores the rest', () => {
    expect(
      parseExperiments({
        homeHero: { groups: ['A', 'B', 'A', ''] },
        empty: { groups: [] },
        'bad name': { groups: ['A'] },
        noGroups: {},
        nulled: null,
      }),
    ).toEqual({ homeHero: ['A', 'B'] });
    expect(parseExperiments(['A'])).toEqual({});
    expect(parseExperiments('homeHero')).toEqual({});
  });

  it('gives a customer the same group every time, one per experiment', () => {
    const experiments = { homeHero: ['A', 'B'], checkoutCopy: ['short', 'long', 'none'] };
    const first = experimentGroups('cust-1', experiments);
    expect(experimentGroups('cust-1', experiments)).toEqual(first);
    expect(Object.keys(first)).toEqual(['homeHero', 'checkoutCopy']);
    expect(['A', 'B']).toContain(first.homeHero);
    expect(['short', 'long', 'none']).toContain(first.checkoutCopy);
    expect(experimentGroups('cust-1', {})).toEqual({});
  });

  it('splits customers evenly between groups', () => {
    const counts = { A: 0, B: 0 };
    for (let i = 0; i < 2000; i += 1) {
      const group = experimentGroups(`0190${i.toString(16).padStart(4, '0')}-7c1e-7000-8000-00000000${i}`, {
        homeHero: ['A', 'B'],
      }).homeHero as 'A' | 'B';
      counts[group] += 1;
    }
    expect(counts.A).toBeGreaterThan(900);
    expect(counts.B).toBeGreaterThan(900);
  });

  it('reads the region of a locale', () => {
    expect(localeRegion('en-AU', 'AU')).toBe('AU');
    expect(localeRegion('en-GB', 'AU')).toBe('GB');
    expect(localeRegion('en', 'AU')).toBe('AU');
    expect(localeRegion('not a locale!', 'AU')).toBe('AU');
  });
});

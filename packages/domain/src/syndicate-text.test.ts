import { describe, expect, it } from 'vitest';
import { syndicateEntryText } from './syndicate-text.ts';

describe('syndicateEntryText', () => {
  it('names the entries and the games they cover, each as what it is', () => {
    expect(syndicateEntryText({ name: '4 × System 10', numGames: 4, numStandardGames: 480 })).toBe(
      '4 × System 10: 4 entries, 480 games',
    );
    expect(syndicateEntryText({ name: 'System 20', numGames: 1, numStandardGames: 77_520 })).toBe(
      'System 20: 1 entry, 77,520 games',
    );
  });
  it('says what it knows', () => {
    expect(syndicateEntryText({ name: '2 × System 10', numGames: null, numStandardGames: null })).toBe(
      '2 × System 10',
    );
    expect(syndicateEntryText({ name: ' ', numGames: 2, numStandardGames: null })).toBe('2 entries');
    expect(syndicateEntryText({ name: null, numGames: null, numStandardGames: null })).toBeNull();
  });
});

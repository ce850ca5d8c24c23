import { describe, expect, it } from 'vitest';
import { postcodeMatchesState, postcodeStates } from './australian-postcodes.ts';

describe('postcodeMatchesState', () => {
  it('takes each capital with its own state', () => {
    const capitals: [string, string][] = [
      ['2000', 'NSW'],
      ['3000', 'VIC'],
      ['4000', 'QLD'],
      ['5000', 'SA'],
      ['6000', 'WA'],
      ['7000', 'TAS'],
      ['0800', 'NT'],
      ['2600', 'ACT'],
    ];
    for (const [postcode, state] of capitals) expect(postcodeMatchesState(postcode, state)).toBe(true);
  });
  it('refuses a post code of another state', () => {
    expect(postcodeMatchesState('3000', 'NSW')).toBe(false);
    expect(postcodeMatchesState('2600', 'NSW')).toBe(false);
    expect(postcodeMatchesState('2000', 'ACT')).toBe(false);
    expect(postcodeMatchesState('6798', 'NSW')).toBe(false);
    expect(postcodeMatchesState('0800', 'OTHER')).toBe(false);
  });
  it('knows the range edges and PO box ranges', () => {
    expect(postcodeStates('2618')).toContain('ACT');
    expect(postcodeStates('2619')).toEqual(['NSW']);
    expect(postcodeStates('2921')).toEqual(['NSW']);
    expect(postcodeStates('2920')).toEqual(['ACT']);
    expect(postcodeStates('8001')).toEqual(['VIC']);
    expect(postcodeStates('9726')).toEqual(['QLD']);
    expect(postcodeStates('0200')).toEqual(['ACT']);
    expect(postcodeStates('0100')).toEqual([]);
    expect(postcodeStates('300')).toEqual([]);
  });
  it('takes cross-border post codes for both states', () => {
    expect(postcodeStates('2620').sort()).toEqual(['ACT', 'NSW']);
    expect(postcodeStates('2406').sort()).toEqual(['NSW', 'QLD']);
    expect(postcodeStates('3644').sort()).toEqual(['NSW', 'VIC']);
    expect(postcodeStates('0872').sort()).toEqual(['NT', 'SA', 'WA']);
  });
});

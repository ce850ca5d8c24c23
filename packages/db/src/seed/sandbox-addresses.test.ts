import { AUSTRALIAN_STATES, postcodeMatchesState } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { sandboxAddressRows } from './sandbox-addresses.ts';

describe('sandboxAddressRows', () => {
  const rows = sandboxAddressRows();

  it('holds a few thousand addresses with ids of their own, in every state and territory', () => {
    expect(rows.length).toBeGreaterThan(2500);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const states = new Set(rows.map((r) => r.state));
    expect([...states].sort()).toEqual(AUSTRALIAN_STATES.filter((s) => s !== 'OTHER').sort());
  });

  it('gives each address a post code of its state, as the sign-up check wants', () => {
    for (const r of rows)
      expect(postcodeMatchesState(r.postcode, r.state), `${r.suburb} ${r.postcode}`).toBe(true);
  });

  it('is built the same on every run', () => {
    expect(sandboxAddressRows()).toEqual(rows);
  });
});

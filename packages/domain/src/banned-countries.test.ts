import { describe, expect, it } from 'vitest';
import { banRefusal } from './banned-countries.ts';

describe('banRefusal', () => {
  it('lets a real country not yet banned be added, in any case', () => {
    expect(banRefusal('nz', ['US'])).toBeNull();
    expect(banRefusal('GB', [])).toBeNull();
  });

  it('refuses what is not a country', () => {
    expect(banRefusal('XX', [])?.code).toBe('unknown_country');
    expect(banRefusal('USA', [])?.code).toBe('unknown_country');
    expect(banRefusal('', [])?.code).toBe('unknown_country');
  });

  it('refuses Australia, the shop’s own country', () => {
    expect(banRefusal('au', [])).toMatchObject({ code: 'home_country' });
  });

  it('refuses a country already on the list, naming it', () => {
    expect(banRefusal('US', ['US'])).toEqual({
      code: 'already_banned',
      message: 'United States of America is already banned.',
    });
  });
});

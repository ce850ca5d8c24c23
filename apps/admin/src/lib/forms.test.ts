import { describe, expect, it } from 'vitest';
import { localInput, typedInstant } from './forms';

describe('typed dates in the back office forms', () => {
  it('turns a datetime-local value into the instant it names, and back', () => {
    const instant = typedInstant('2026-12-24T19:30');
    expect(instant).toMatch(/^2026-12-2\dT\d\d:30:00\.000Z$/);
    expect(localInput(instant)).toBe('2026-12-24T19:30');
  });

  it('keeps what was typed when it is no date, so the API can say what is wrong', () => {
    expect(typedInstant('next Friday')).toBe('next Friday');
    expect(typedInstant('')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { OUTBOX_MAX_ATTEMPTS, outboxGivesUp, outboxRetryDelayMs } from './outbox-retry.ts';

describe('outbox retries', () => {
  it('waits 2 s after the first failure and doubles after each one', () => {
    expect(outboxRetryDelayMs(1, 0)).toBe(2_000);
    expect(outboxRetryDelayMs(2, 0)).toBe(4_000);
    expect(outboxRetryDelayMs(5, 0)).toBe(32_000);
  });

  it('never waits more than 30 minutes plus a fifth of jitter', () => {
    expect(outboxRetryDelayMs(40, 0)).toBe(30 * 60_000);
    expect(outboxRetryDelayMs(40, 0.999_999)).toBeLessThanOrEqual(36 * 60_000);
  });

  it('adds up to a fifth of the delay as jitter', () => {
    expect(outboxRetryDelayMs(1, 0.5)).toBe(2_200);
    expect(outboxRetryDelayMs(1, 7)).toBe(2_400);
  });

  it('gives up after the last attempt, not before', () => {
    expect(outboxGivesUp(OUTBOX_MAX_ATTEMPTS - 1)).toBe(false);
    expect(outboxGivesUp(OUTBOX_MAX_ATTEMPTS)).toBe(true);
  });
});

import type { PendingLimit, SpendLimitPeriod } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { moneyText } from './amount';

export const PERIOD_TEXT: Record<SpendLimitPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** "Your new limit of $500.00 takes effect on 1 December 2026." or the removal's date. */
export function pendingText(pending: PendingLimit | null): string | undefined {
  if (!pending) return undefined;
  const date = formatCalendarDate(pending.takesEffectAt) ?? pending.takesEffectAt;
  return pending.limit
    ? `Your new limit of ${moneyText(pending.limit)} takes effect on ${date}.`
    : `Removing this limit takes effect on ${date}.`;
}

export const LIMIT_CHANGE_RULE =
  'A lower limit applies at once. A higher limit, or removing a limit, takes effect after 7 days.';

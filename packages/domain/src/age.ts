/**
 * The minimum age rule of registration (18 by default,
 * configurable). Dates are calendar dates `YYYY-MM-DD`; "today" is the caller's (the API uses the
 * Australia/Sydney date), so no time zone enters the rule.
 */
export const MINIMUM_REGISTRATION_AGE = 18;

export const AGE_MESSAGES = {
  invalidDate: 'Please enter a valid date of birth.',
  tooYoung: (minimumAge: number): string => `You must be ${minimumAge} or older to join.`,
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type CalendarDate = { year: number; month: number; day: number };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of a `YYYY-MM-DD` date, or undefined when it is not a real calendar date. */
export function parseIsoDate(value: string): CalendarDate | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/**
 * Whole years from `dateOfBirth` to `today`. Someone born on 29 February has a birthday on
 * 1 March in other years (they are not a year older on 28 February).
 */
export function ageOn(dateOfBirth: CalendarDate, today: CalendarDate): number {
  const before =
    today.month < dateOfBirth.month || (today.month === dateOfBirth.month && today.day < dateOfBirth.day);
  return today.year - dateOfBirth.year - (before ? 1 : 0);
}

/** Oldest age accepted, so a typo such as 1900 or 0199 is not taken for an age. */
export const MAXIMUM_PLAUSIBLE_AGE = 120;

/**
 * The date of birth rule: undefined when acceptable, otherwise the message. `today` is `YYYY-MM-DD`.
 */
export function dateOfBirthError(
  dateOfBirth: string,
  today: string,
  minimumAge: number = MINIMUM_REGISTRATION_AGE,
): string | undefined {
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(today);
  if (!born || !now) return AGE_MESSAGES.invalidDate;
  const age = ageOn(born, now);
  if (age < 0 || age > MAXIMUM_PLAUSIBLE_AGE) return AGE_MESSAGES.invalidDate;
  return age < minimumAge ? AGE_MESSAGES.tooYoung(minimumAge) : undefined;
}

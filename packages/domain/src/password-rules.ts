/**
 * Password rules (OWASP ASVS 5.0 level 2): 8 to 128 characters, any characters, no composition rules,
 * refused when on a list of common passwords. The list is passed in (the API loads it), so this
 * stays pure.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@drawhouse/contract/limits';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const PASSWORD_MESSAGES = {
  tooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Your password must be ${PASSWORD_MAX_LENGTH} characters or fewer.`,
  common: 'This password is too common and easy to guess. Please choose another.',
} as const;

export type PasswordProblem = {
  code: 'password_too_short' | 'password_too_long' | 'password_common';
  message: string;
};

/** Length in characters as a person counts them (an emoji is one), not UTF-16 units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** A membership test over a list of common passwords, case-insensitive. */
export function commonPasswordCheck(list: Iterable<string>): (password: string) => boolean {
  const set = new Set<string>();
  for (const p of list) set.add(p.toLowerCase());
  return (password) => set.has(password.toLowerCase());
}

/** The password rule: undefined when acceptable, otherwise the problem with its message. */
export function passwordProblem(
  password: string,
  isCommon: (password: string) => boolean = () => false,
): PasswordProblem | undefined {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH)
    return { code: 'password_too_short', message: PASSWORD_MESSAGES.tooShort };
  if (length > PASSWORD_MAX_LENGTH) return { code: 'password_too_long', message: PASSWORD_MESSAGES.tooLong };
  if (isCommon(password)) return { code: 'password_common', message: PASSWORD_MESSAGES.common };
  return undefined;
}

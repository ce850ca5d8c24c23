/**
 * Contact detail rules of registration and customer details: email, phone and names, with the
 * generic messages customers see.
 */
import { EMAIL_MAX_LENGTH } from '@drawhouse/contract/limits';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export { EMAIL_MAX_LENGTH };
export const NAME_MAX_LENGTH = 100;

/** A pragmatic check (one @, a dot in the domain, no spaces); the confirmation mail proves the rest. */
export function isValidEmail(value: string): boolean {
  return (
    value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value) && !value.includes('..')
  );
}

/** Emails are compared and stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Digits with optional spaces, hyphens, brackets and a leading +; 8 to 15 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9\s()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

export function emailError(value: string): string | undefined {
  if (!value.trim()) return VALIDATION_MESSAGES.required;
  return isValidEmail(normaliseEmail(value)) ? undefined : VALIDATION_MESSAGES.email;
}

export function phoneError(value: string): string | undefined {
  if (!value.trim()) return VALIDATION_MESSAGES.required;
  return isValidPhone(value.trim()) ? undefined : VALIDATION_MESSAGES.phone;
}

export const NAME_MESSAGE = 'Please use letters, spaces, hyphens, apostrophes and full stops only.';

/**
 * Letters of any script (with their combining marks), spaces, hyphens, apostrophes (straight or
 * curly, as phone keyboards type them) and full stops, with at least one letter: no markup, digits
 * or emoji, which would otherwise reach plain-text mail as they are.
 */
const NAME_PATTERN = /^[\p{L}\p{M} '\u2019.-]+$/u;

export function nameError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return VALIDATION_MESSAGES.required;
  if (v.length > NAME_MAX_LENGTH) return `Please use ${NAME_MAX_LENGTH} characters or fewer.`;
  return NAME_PATTERN.test(v) && /\p{L}/u.test(v) ? undefined : NAME_MESSAGE;
}

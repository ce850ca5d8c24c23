/**
 * Contact detail rules of registration and customer details: email, phone and names, with the spec's
 * generic messages.
 */
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export const EMAIL_MAX_LENGTH = 254;
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

export function nameError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return VALIDATION_MESSAGES.required;
  return v.length > NAME_MAX_LENGTH ? `Please use ${NAME_MAX_LENGTH} characters or fewer.` : undefined;
}

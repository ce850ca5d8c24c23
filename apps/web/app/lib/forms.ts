/**
 * What a form's action answers (a form is submitting, in error with its errors, or a success),
 * and the checks the web server makes before calling the API.
 */
import { passwordProblem, VALIDATION_MESSAGES } from '@drawhouse/domain';

export type FieldErrors = Record<string, string>;

export type FormResult = {
  ok: boolean;
  /** Messages by field name; `general` for the form as a whole. */
  errors?: FieldErrors;
  /** Shown after success. */
  message?: string;
  /** 403 REQUIRED: the action needs a fresh two-factor code (the elevation modal asks for it). */
  stepUp?: { method?: string | null; twoFactor?: boolean };
};

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A password is taken as typed (spaces count). */
export function formSecret(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function formChecked(form: FormData, name: string): boolean {
  const value = form.get(name);
  return value === 'on' || value === 'true' || value === '1';
}

/** Required fields that are empty, with "This field is required." */
export function requireFields(values: Record<string, string>, names: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of names) if (!values[name]) errors[name] = VALIDATION_MESSAGES.required;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function failed(errors: FieldErrors): FormResult {
  return { ok: false, errors };
}

export const GENERIC_ERROR = 'Something went wrong';

export const NEW_PASSWORD_HINT = 'At least 8 characters. A few words you will remember make a good password.';

/** A new password: the domain's length rule here, the API's common-password list after. */
/**
 * The new password of the change, forced change and reset forms and its confirmation field, which
 * must repeat it (only the web form has the confirmation; the API takes one password).
 */
export function newPasswordErrors(form: FormData): FieldErrors {
  const password = formSecret(form, 'newPassword');
  const confirmation = formSecret(form, 'newPasswordConfirmation');
  const errors: FieldErrors = {};
  const problem = password ? passwordProblem(password)?.message : VALIDATION_MESSAGES.required;
  if (problem) errors.newPassword = problem;
  if (!confirmation) errors.newPasswordConfirmation = VALIDATION_MESSAGES.required;
  else if (confirmation !== password)
    errors.newPasswordConfirmation = VALIDATION_MESSAGES.mismatch('password');
  return errors;
}

/** A resend link is disabled for 60 seconds after use. */
export const RESEND_AFTER_MS = 60_000;

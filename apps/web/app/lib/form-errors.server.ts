import { ApiError } from './api.server';
import { type FieldErrors, type FormResult, GENERIC_ERROR } from './forms';

/**
 * The API's field errors as form field names: the first message of each target. Nested targets
 * (`address.postcode`, `address.address_line_2`) become the form's flat names (`postcode`,
 * `addressLine2`); snake_case targets become camelCase.
 */
export function fieldErrorsOf(error: ApiError, rename: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const [target, list] of Object.entries(error.fieldErrors)) {
    const first = list[0];
    if (!first) continue;
    const camel = target.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const last = camel.includes('.') ? (camel.split('.').pop() ?? camel) : camel;
    const name = rename[target] ?? rename[camel] ?? rename[last] ?? last;
    if (!(name in errors)) errors[name] = first.message;
  }
  return errors;
}

/**
 * A failed call as a form result: field errors under their fields, anything else as the form's
 * general message. Errors that are not the API's answer (a 5xx page, a redirect) are thrown on.
 */
export function formFailure(error: unknown, rename: Record<string, string> = {}): FormResult {
  if (!(error instanceof ApiError)) throw error;
  const errors = fieldErrorsOf(error, rename);
  if (Object.keys(errors).length === 0 || (Object.keys(errors).length === 1 && errors.general)) {
    errors.general = errors.general ?? (error.message || GENERIC_ERROR);
  }
  return { ok: false, errors };
}

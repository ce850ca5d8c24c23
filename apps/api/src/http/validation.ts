/**
 * Field errors in the words customers read, for every route: a zod issue becomes a field error keyed by its
 * snake_case path (`email`, `address.postcode`; `general` for the body as a whole), with "This field is
 * required." for a missing value. A rule failure found later (age, password list, taken email) uses the
 * same shape through `fieldErrors`.
 */
import { VALIDATION_MESSAGES } from '@drawhouse/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { snakeKey } from './case.ts';
import { AppError, type FieldErrors } from './errors.ts';

export const VALIDATION_FAILED = 'Please check the highlighted fields.';

function target(path: readonly PropertyKey[]): string {
  const parts = path.filter((p) => typeof p === 'string').map((p) => snakeKey(p));
  return parts.length > 0 ? parts.join('.') : 'general';
}

/** The value at an issue's path in the data that was validated (zod leaves `issue.input` unset). */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** A missing value is "required"; a value of the wrong type says which type, in plain words. */
function issueEntry(issue: z.core.$ZodIssue, data: unknown): [string, string, string] {
  const field = target(issue.path);
  if (issue.code !== 'invalid_type') return [field, issue.message, 'invalid'];
  const value = valueAt(data, issue.path);
  if (value === undefined || value === null) return [field, VALIDATION_MESSAGES.required, 'required'];
  const expected = TYPE_NAMES[issue.expected];
  return [field, expected ? `This field must be ${expected}.` : issue.message, 'invalid'];
}

/** Field errors as the failure envelope carries them: the first problem of each field. */
export function fieldErrors(entries: Iterable<[string, string, string?]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message, code = 'invalid'] of entries) {
    if (!out[field]) out[field] = [{ code, message }];
  }
  return out;
}

export function validationError(errors: FieldErrors): AppError {
  return new AppError(400, 'validation_error', VALIDATION_FAILED, errors);
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const errors = fieldErrors(result.error.issues.map((issue) => issueEntry(issue, data)));
    return { error: validationError(errors) };
  };

/** The reason an operator gives a customer for a refusal, trimmed: 1 to `max` characters, else a 400 on `reason`. */
export function customerReason(reason: string, max = 500): string {
  const text = reason.trim();
  if (text !== '' && text.length <= max) return text;
  throw new AppError(400, 'validation_error', 'Give the customer a reason: nothing was changed.', {
    reason: [
      {
        code: text === '' ? 'required' : 'too_long',
        message: `Say why, in 1 to ${max} characters: the customer reads it.`,
      },
    ],
  });
}

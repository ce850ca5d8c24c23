/**
 * Field errors in the spec's words, for every route: a zod issue becomes a field error keyed by its
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

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    return VALIDATION_MESSAGES.required;
  }
  return issue.message;
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
    const errors = fieldErrors(
      result.error.issues.map((issue) => [
        target(issue.path),
        issueMessage(issue),
        issue.code === 'invalid_type' && issue.input == null ? 'required' : 'invalid',
      ]),
    );
    return { error: validationError(errors) };
  };

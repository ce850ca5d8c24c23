/**
 * Form-encoded bodies (application/x-www-form-urlencoded), which the storefront may send instead of
 * JSON. A form carries text fields only, so a route takes one when its body is flat text (a password
 * change, a sign-in, a token) or when it reads no body at all; the form is then read into an object and
 * goes through the same renaming and validation as JSON. Any other route refuses it with 415.
 */
import { parse } from 'node:querystring';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { MAX_KEYS } from './limits.ts';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const JSON_CONTENT_TYPE = 'application/json';

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.def.innerType as z.ZodType;
  }
  return current;
}

function isText(schema: z.ZodType): boolean {
  const inner = unwrap(schema);
  return inner instanceof z.ZodString || inner instanceof z.ZodEnum;
}

/** True when a body schema can be filled from a form: an object of text fields, or no body. */
export function formFits(body: unknown): boolean {
  if (body === undefined) return true;
  if (!(body instanceof z.ZodType)) return false;
  const inner = unwrap(body);
  return (
    inner instanceof z.ZodObject && Object.values(inner.shape).every((field) => isText(field as z.ZodType))
  );
}

/** 415 naming the content types the route takes. */
export function unsupportedMediaType(acceptsForm: boolean | undefined): AppError {
  const types = acceptsForm ? `${JSON_CONTENT_TYPE} or ${FORM_CONTENT_TYPE}` : JSON_CONTENT_TYPE;
  return new AppError(415, 'unsupported_media_type', `Send the request body as ${types}.`);
}

function isForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0]?.trim().toLowerCase() === FORM_CONTENT_TYPE;
}

/**
 * The fields of a form as a plain object (repeated names give a list), so the renaming sees it like
 * a JSON body. Names JSON bodies may not use either (`__proto__`, `constructor`) are refused.
 */
export function parseForm(text: string): Record<string, unknown> {
  // One over the cap, so that the key count refuses a wider form instead of this cutting it short.
  const fields = parse(text, '&', '=', { maxKeys: MAX_KEYS + 1 });
  if (Object.hasOwn(fields, '__proto__') || Object.hasOwn(fields, 'constructor')) {
    throw new AppError(400, 'invalid_form', 'The request body has a field name that is not allowed.');
  }
  return Object.fromEntries(Object.entries(fields));
}

export async function registerFormBodies(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { parser: parseForm });
  // Before the body is read: a route that cannot take a form never parses one.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.is404 || !isForm(request) || request.routeOptions.config.acceptsForm)
      return done(null, payload);
    done(unsupportedMediaType(false));
  });
}

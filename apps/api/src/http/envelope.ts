import {
  type Envelope,
  envelope,
  FailureSchema,
  type Message,
  MessageSchema,
  type PageInfo,
  PageInfoSchema,
} from '@drawhouse/contract';

export type { Envelope, Message, PageInfo };
export { envelope, FailureSchema, MessageSchema, PageInfoSchema };

export function ok<T>(
  result: T,
  extras: { pageInfo?: PageInfo; links?: Record<string, string> } = {},
): Envelope<T> {
  return { result, ...extras, messages: [] };
}

export function failure(status: number, code: string, message: string, errors?: Record<string, Message[]>) {
  return { error: { status, code, message }, ...(errors ? { errors } : {}), messages: [{ code, message }] };
}

/**
 * Failure answers a route's own rules add (a step-up, a locked second factor): the route lists them
 * with its response schemas, so the document shows them; the statuses every route of its kind
 * answers are added there for it (http/openapi-responses.ts).
 */
export function failures<S extends number>(...statuses: S[]): Record<S, typeof FailureSchema> {
  return Object.fromEntries(statuses.map((status) => [status, FailureSchema])) as Record<
    S,
    typeof FailureSchema
  >;
}

import { z } from 'zod';

export type PageInfo = { offset: number; limit: number; total: number };
export type Message = { code: string; message: string };
export type Envelope<T> = {
  result: T;
  pageInfo?: PageInfo;
  links?: Record<string, string>;
  messages: Message[];
};

export function ok<T>(
  result: T,
  extras: { pageInfo?: PageInfo; links?: Record<string, string> } = {},
): Envelope<T> {
  return { result, ...extras, messages: [] };
}

export const MessageSchema = z.object({ code: z.string(), message: z.string() });
export const PageInfoSchema = z.object({ offset: z.number(), limit: z.number(), total: z.number() });

/** The success envelope around a result schema, for response validation and OpenAPI. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    result,
    pageInfo: PageInfoSchema.optional(),
    links: z.record(z.string(), z.string()).optional(),
    messages: z.array(MessageSchema),
  });
}

export const FailureSchema = z.object({
  error: z.object({ status: z.number(), code: z.string(), message: z.string() }),
  errors: z.record(z.string(), z.array(MessageSchema)).optional(),
  messages: z.array(MessageSchema),
});

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

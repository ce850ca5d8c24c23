import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A `preSerialization` hook, for every route: encodes an answer with its route's response schema for
 * that status, so that keys the schema does not list never leave. Fastify skips the schemas' own
 * serializers when the app has a reply serializer (app.ts sets one for snake_case); statuses without
 * a schema (401 `2fa_required`, errors) pass through unchanged, and bytes (cached catalogue answers)
 * never reach this hook.
 */
export async function encodeWithResponseSchema(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const schema = (request.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[
    reply.statusCode
  ];
  if (!(schema instanceof z.ZodType)) return payload;
  const encoded = z.safeEncode(schema, payload);
  if (encoded.error) {
    throw new ResponseSerializationError(request.method, request.url, { cause: encoded.error });
  }
  return encoded.data;
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { snakeKey } from './case.ts';

type JsonSchema = { [key: string]: unknown };

/** The wire is snake_case: rename the properties of every generated schema to match. */
function snakeProperties(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeProperties);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as JsonSchema)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v as JsonSchema).map(([p, s]) => [snakeKey(p), snakeProperties(s)]),
      );
    } else if (k === 'required' && Array.isArray(v)) {
      out[k] = v.map((p) => (typeof p === 'string' ? snakeKey(p) : p));
    } else {
      out[k] = snakeProperties(v);
    }
  }
  return out;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Drawhouse API',
        description:
          'Lottery, charity raffle and syndicate shop. Bodies are snake_case; money is {amount, currency}.',
        version: '3.9',
      },
    },
    transform: (document) => {
      const out = jsonSchemaTransform(document);
      const schema = out.schema as JsonSchema | undefined;
      for (const part of ['body', 'querystring', 'response']) {
        if (schema?.[part]) schema[part] = snakeProperties(schema[part]);
      }
      return out;
    },
  });
  // The document describes the wire format itself: its own keys (requestBody, minLength) stay as they are.
  await app.register(async (docs) => {
    docs.setReplySerializer((payload) => JSON.stringify(payload));
    await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  });
}

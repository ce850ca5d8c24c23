/**
 * Fuzzing every documented operation from the document itself (/docs/json): bodies with the
 * documented field names and any JSON values, path parameters and query values of any text, anonymous
 * and signed in. Whatever comes back is a status the operation documents, below 500, and a failure is
 * in the envelope.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { getTestApp, signedHeaders } from './helpers.ts';

const app = await getTestApp();

/** Runs per operation: enough to shake out the shapes, short enough to stay fast (FUZZ_RUNS: longer). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

type Schema = { properties?: Record<string, unknown> };
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
};
type Op = { method: string; path: string; op: Operation };

let ops: Op[] = [];
let token = '';

beforeAll(async () => {
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
  ops = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })))
    // Signing out would end the token the other calls use.
    .filter(({ path }) => path !== '/v2/logout');
  token = (await newCustomer(app)).access_token;
});

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '%', '../', 'null', '-1', '1e400', 'x'.repeat(300)),
);

/** A body with the documented field names (some of them), each holding any JSON value. */
function bodyOf(schema: Schema | undefined) {
  const names = Object.keys(schema?.properties ?? {});
  const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), text);
  const fields = names.length > 0 ? fc.subarray(names) : fc.constant([] as string[]);
  return fields.chain((chosen) =>
    fc
      .tuple(...chosen.map(() => value))
      .map((values) => Object.fromEntries(chosen.map((n, i) => [n, values[i]]))),
  );
}

function requestOf({ method, path, op }: Op) {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const schema = op.requestBody?.content['application/json']?.schema;
  return fc
    .record({
      params: fc.array(text, { minLength: 4, maxLength: 4 }),
      query: fc
        .subarray(query)
        .chain((names) => fc.tuple(...names.map((n) => text.map((v) => [n, v] as const)))),
      body: schema ? bodyOf(schema) : fc.constant(undefined),
      signedIn: fc.boolean(),
    })
    .map(({ params, query, body, signedIn }): InjectOptions => {
      let i = 0;
      // A parameter of "." or ".." is a dot segment, which every URL parser removes before sending
      // (WHATWG URL, %2E too): no client can send it as a value, so it stands as "x." instead.
      const segment = (v: string) => (/^\.{1,2}$/.test(v) ? 'x.' : encodeURIComponent(v || 'x'));
      const url = path.replace(/\{[^}]+\}/g, () => segment(params[i++] ?? ''));
      const search = new URLSearchParams(query.map(([n, v]): [string, string] => [n, v]));
      const headers = signedIn ? { ...signedHeaders(token), authorization: `Bearer ${token}` } : {};
      return {
        method: method.toUpperCase() as 'GET',
        url: search.size > 0 ? `${url}?${search}` : url,
        headers: body !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      };
    });
}

describe('fuzzing every documented operation', () => {
  it(
    'answers only statuses the operation documents, below 500, failures in the envelope',
    async () => {
      expect(ops.length).toBeGreaterThan(50);
      for (const entry of ops) {
        await fc.assert(
          fc.asyncProperty(requestOf(entry), async (request) => {
            const res = await app.inject(request);
            const label = `${request.method} ${String(request.url).slice(0, 200)}: ${res.body.slice(0, 300)}`;
            expect(res.statusCode, label).toBeLessThan(500);
            expect(Object.keys(entry.op.responses), label).toContain(String(res.statusCode));
            if (res.statusCode >= 400) {
              const body = res.json();
              expect(body.error?.status, label).toBe(res.statusCode);
              expect(typeof body.error?.code, label).toBe('string');
            }
          }),
          { numRuns: RUNS },
        );
      }
    },
    // A ceiling for a loaded machine: about 150 operations, RUNS requests each.
    60_000 + RUNS * 2_000,
  );
});

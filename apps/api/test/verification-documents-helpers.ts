/**
 * Document submissions in tests: the fixtures the journeys upload too (e2e/fixtures), a multipart
 * body built as a browser builds it, and the upload call.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { randomIp, type TestCustomer } from './accounts-helpers.ts';
import { signedHeaders } from './helpers.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e/fixtures');

export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

export type Part = string | { name: string; bytes: Uint8Array; type?: string };

/** A multipart/form-data body of these fields and files, and its content type. */
export async function multipart(parts: Record<string, Part | Part[]>) {
  const form = new FormData();
  for (const [field, value] of Object.entries(parts)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(field, part);
      else form.append(field, new Blob([part.bytes], { type: part.type ?? 'image/jpeg' }), part.name);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

export const file = (name: string, type?: string): Part => ({
  name,
  bytes: fixture(name),
  ...(type ? { type } : {}),
});

/** A driver's licence photographed front (JPEG) and back (PNG), with a selfie (JPEG). */
export const licencePhotos = (): Record<string, Part> => ({
  method: 'photo_id_upload',
  document_type: 'drivers_licence',
  front: file('licence-front.jpg'),
  back: file('licence-back.png', 'image/png'),
  selfie: file('selfie.jpg'),
});

export async function upload(
  app: FastifyInstance,
  customer: TestCustomer,
  parts: Record<string, Part | Part[]>,
  headers: Record<string, string> = {},
) {
  const body = await multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/v2/customer/verification',
    headers: {
      ...signedHeaders(customer.access_token),
      'x-forwarded-for': randomIp(),
      authorization: `Bearer ${customer.access_token}`,
      'content-type': body.contentType,
      ...headers,
    },
    payload: body.payload,
  });
}

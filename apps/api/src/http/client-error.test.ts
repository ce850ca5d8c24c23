import { describe, expect, it } from 'vitest';
import { clientErrorAnswer } from './client-error.ts';

const overflow = (packet: string) =>
  Object.assign(new Error('Header overflow'), {
    code: 'HPE_HEADER_OVERFLOW',
    rawPacket: Buffer.from(packet),
  });

describe('clientErrorAnswer', () => {
  it('says 414 when the request line alone overflowed the head, 431 when the headers did', () => {
    expect(clientErrorAnswer(overflow(`GET /v2/causes?q=${'x'.repeat(100)}`)).status).toBe(414);
    expect(clientErrorAnswer(overflow(`GET / HTTP/1.1\r\nx-filler: ${'x'.repeat(100)}`))).toMatchObject({
      status: 431,
      code: 'headers_too_large',
    });
  });

  it('says 408 for a head that took too long and 400 for bytes that are not HTTP', () => {
    const timeout = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    expect(clientErrorAnswer(timeout)).toMatchObject({ status: 408, code: 'request_timeout' });
    const garbage = Object.assign(new Error('Invalid method'), { code: 'HPE_INVALID_METHOD' });
    expect(clientErrorAnswer(garbage)).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

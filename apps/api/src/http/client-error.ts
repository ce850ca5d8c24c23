/**
 * Requests Node refuses before Fastify sees them (a request head over its size limit, a timeout, bytes
 * that are not HTTP) are answered in the failure envelope too, never with Node's or Fastify's own
 * wording or a bare socket close: 414 `uri_too_long` when the request line alone overflows the head,
 * 431 `headers_too_large` when the headers do, 408 `request_timeout`, else 400 `bad_request`.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { failure } from './envelope.ts';
import { MAX_HEADER_BYTES, uriTooLong } from './limits.ts';

/** What Node passes with a `clientError`: `rawPacket` is the bytes it could not read (a Buffer). */
type ClientError = Error & { code?: string; rawPacket?: unknown; bytesParsed?: number };

/** The status, code and message for a request Node could not read. */
export function clientErrorAnswer(error: ClientError): { status: number; code: string; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Still in the request line when the limit was reached: no line had ended yet.
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const read = packet?.subarray(0, error.bytesParsed ?? packet.length);
    if (read && !read.includes('\r\n')) {
      const { status, code, message } = uriTooLong();
      return { status, code, message };
    }
    return {
      status: 431,
      code: 'headers_too_large',
      message: `The request's headers are larger than this service accepts (${MAX_HEADER_BYTES} bytes with the address).`,
    };
  }
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP.' };
}

/** Fastify's `clientErrorHandler`: writes the envelope and closes the connection. */
export function clientErrorReply(error: ClientError, socket: Socket): void {
  // A connection reset or already closed has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = clientErrorAnswer(error);
  const body = JSON.stringify(failure(status, code, message));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Ended, not destroyed: destroying at once could drop the answer before it is sent.
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      `X-Request-Id: ${randomUUID()}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

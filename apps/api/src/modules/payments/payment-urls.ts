/**
 * Addresses of the payment pages: the sandbox's own challenge and PayPal approval pages (served by
 * this API, signed so that only the customer's redirect opens them), Stripe's return address, and
 * the storefront's result paths a page sends the customer back to.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DepositRow } from './payments.repository.ts';

export type PaymentUrls = ReturnType<typeof paymentUrls>;

export function paymentUrls(options: { apiPublicUrl: string; webBaseUrl: string; secret: string }) {
  const { apiPublicUrl, webBaseUrl, secret } = options;
  const pageToken = (depositId: string) =>
    createHmac('sha256', secret).update(`payments-page:${depositId}`).digest('base64url').slice(0, 32);
  const signed = (path: string, depositId: string) => `${apiPublicUrl}${path}?token=${pageToken(depositId)}`;
  const web = (path: string) => `${webBaseUrl}${path}`;

  return {
    pageToken,
    /** True when `token` is the page token of this deposit. */
    validToken(depositId: string, token: string | undefined): boolean {
      if (!token) return false;
      const expected = Buffer.from(pageToken(depositId));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    challenge: (depositId: string) => signed(`/v2/funds/sandbox/challenges/${depositId}`, depositId),
    paypal: (depositId: string) => signed(`/v2/funds/sandbox/paypal/${depositId}`, depositId),
    stripeReturn: (depositId: string) => signed(`/v2/funds/stripe/return/${depositId}`, depositId),
    /** Where a finished challenge sends its frame: the storefront's `/3ds/notify`. */
    notify: (deposit: DepositRow) =>
      web(
        `/3ds/notify?deposit_id=${encodeURIComponent(deposit.id)}&status=${encodeURIComponent(deposit.status)}`,
      ),
    /** Where a PayPal approval page sends the customer back, by what the deposit was for. */
    paypalReturn(deposit: DepositRow, result: 'success' | 'failure' | 'cancel'): string {
      const id = encodeURIComponent(deposit.id);
      if (deposit.purpose.kind === 'checkout') {
        return web(`/checkout/deposit/${id}/${result === 'success' ? 'success' : 'cancel'}`);
      }
      if (result === 'cancel') return web(`/my-account/deposit/${id}/cancel`);
      return web(`/my-account/deposit/details/${id}/${result}`);
    },
    /** The origin of the storefront (frames and forms of the payment pages are allowed from it). */
    webOrigin: new URL(webBaseUrl).origin,
  };
}

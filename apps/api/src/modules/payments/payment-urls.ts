/**
 * Addresses of the payment pages: the sandbox's own challenge and PayPal approval pages (served by
 * this API), Stripe's return address, and the storefront's result paths a page sends the customer
 * back to. A page's address carries its deposit's page token: random, made with the deposit and
 * kept with it, so only the customer's redirect opens the page (no secret derives it).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DepositRow } from './payments.repository.ts';

export type PaymentUrls = ReturnType<typeof paymentUrls>;

/** The deposit a page address is for: its id and its page token. */
export type PageDeposit = Pick<DepositRow, 'id' | 'pageToken'>;

/** A new deposit's page token: 24 random bytes. */
export const newPageToken = () => randomBytes(24).toString('base64url');

/** True when `token` is the deposit's page token (a deposit without one opens no page). */
export function validPageToken(deposit: PageDeposit, token: string | undefined): boolean {
  if (!token || !deposit.pageToken) return false;
  const expected = Buffer.from(deposit.pageToken);
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function paymentUrls(options: { apiPublicUrl: string; webBaseUrl: string }) {
  const { apiPublicUrl, webBaseUrl } = options;
  const pageUrl = (path: string, deposit: PageDeposit) =>
    `${apiPublicUrl}${path}/${encodeURIComponent(deposit.id)}?token=${encodeURIComponent(deposit.pageToken ?? '')}`;
  const web = (path: string) => `${webBaseUrl}${path}`;

  return {
    challenge: (deposit: PageDeposit) => pageUrl('/v2/funds/sandbox/challenges', deposit),
    paypal: (deposit: PageDeposit) => pageUrl('/v2/funds/sandbox/paypal', deposit),
    stripeReturn: (deposit: PageDeposit) => pageUrl('/v2/funds/stripe/return', deposit),
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

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

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the storefront's pages come from, allowed to tokenise cards and to frame and post the
 * payment pages: WEB_BASE_URL's, the shop's other configured ones (ALLOWED_ORIGINS, CORS_ORIGINS),
 * and, for a shop on this machine, the same port under its other loopback names (a shop at
 * http://localhost:3000 is also opened as http://127.0.0.1:3000). Anything unreadable is left out.
 */
export function shopOrigins(webBaseUrl: string, configured: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const value of [webBaseUrl, ...configured]) {
    try {
      const url = new URL(value);
      origins.add(url.origin);
      if (LOOPBACK_HOSTS.includes(url.hostname)) {
        for (const host of LOOPBACK_HOSTS)
          origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
      }
    } catch {
      // Not an address: ignored.
    }
  }
  return [...origins];
}

/**
 * The origins a Content-Security-Policy source list can name: its host grammar has no IPv6 literal, so
 * Chromium reports `http://[::1]:3000` as an invalid source (a console error on every payment page).
 */
export function cspOrigins(origins: readonly string[]): string[] {
  return origins.filter((origin) => !origin.includes('//['));
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
  };
}

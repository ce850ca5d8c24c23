/**
 * Whether an unsubscribe link (/unsubscribe/{customerId}/{topic?}?token=...) can work, read from the
 * link alone so the page says so on load: the customer id is a UUID and the token names an expiry
 * still ahead (the API checks its signature when the form is sent). A customer signed in as that
 * customer needs no token.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^(\d{1,12})\.[A-Za-z0-9_-]{16,}$/;

export function isUnsubscribeLinkUsable(
  link: { customerId: string; token: string | null; signedInCustomerId?: string },
  now: Date,
): boolean {
  if (!UUID.test(link.customerId)) return false;
  if (link.signedInCustomerId === link.customerId) return true;
  const expires = link.token ? TOKEN.exec(link.token)?.[1] : undefined;
  return expires !== undefined && Number(expires) * 1000 > now.getTime();
}

import { createHash } from 'node:crypto';

const apiUrl = () => `http://127.0.0.1:${process.env.E2E_API_PORT}`;

type WireDraw = {
  draw_no: number;
  draw_date: string;
  stop: string;
  prize_pool: { amount: number; currency: string } | null;
  prize_pool_suffix: string | null;
  is_prize_pool_unknown: boolean;
  purchase_status: string;
};
export type WireOffer = {
  key: string;
  name: string;
  type: string;
  display_category: string;
  draws: WireDraw[];
};

/** The headers of a request signed as the storefront (no customer). */
function signedHeaders(): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const secret = process.env.WEB_APP_SECRET ?? 'dev-web-secret-change-me';
  const signature = createHash('sha256').update(`drawhouse-web${timestamp}${secret}`).digest('hex');
  return { 'x-app-key': 'drawhouse-web', 'x-timestamp': timestamp, 'x-signature': signature };
}

/** Reads the catalogue straight from the API, so a test can say what the page should show. */
export async function productOffers(pricing = 'default'): Promise<WireOffer[]> {
  const res = await fetch(`${apiUrl()}/v2/pricing/${pricing}/product_offers`, {
    headers: { 'x-api-version': '3.9', ...signedHeaders() },
  });
  if (!res.ok) throw new Error(`product offers answered ${res.status}`);
  const body = (await res.json()) as { result: { offers: WireOffer[] } };
  return body.result.offers;
}

export type WireMail = { to: string[]; subject: string; text: string; html: string };

/**
 * The newest mail to an address that the API's development mailbox caught, waiting for it a little;
 * with `after`, one newer than that mail.
 */
export async function latestMail(
  to: string,
  subject?: RegExp,
  timeoutMs = 10_000,
  after?: WireMail,
): Promise<WireMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${apiUrl()}/dev/mailbox`, { headers: signedHeaders() });
    const body = (await res.json()) as { result: { messages: WireMail[] } };
    const found = body.result.messages.find(
      (m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)),
    );
    if (found && !(after && found.subject === after.subject && found.text === after.text)) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The anonymous cart of a token (the shop's dh_cart cookie), straight from the API. */
export async function anonCartItems(
  token: string,
): Promise<{ lottery_key: string; cause_key: string | null }[]> {
  const res = await fetch(`${apiUrl()}/v2/anon-cart/${encodeURIComponent(token)}`, {
    headers: { 'x-api-version': '3.3', ...signedHeaders() },
  });
  if (!res.ok) throw new Error(`the anonymous cart answered ${res.status}`);
  const body = (await res.json()) as {
    result: { cart_items: { lottery_key: string; cause_key: string | null }[] };
  };
  return body.result.cart_items;
}
